/// The configuration's keys. The library's are spelled exactly as CYLTabBarController spells them
/// (DESIGN.md §4); this project's own additions are listed apart, and its one misspelling of a
/// library key keeps working for a release with a deprecation warning.
public enum ConfigKey {
    // MARK: Top level (the library's)
    public static let items = "tabBarItemsAttributes"
    public static let speed = "CYLTabBarControllerTabBarItemAnimationSpeed"
    public static let backgroundColor = "CYLTabBarBackgroundColor"
    public static let themes = "CYLTabBarControllerThemes"
    public static let darkTheme = "CYLTabBarControllerDarkThemeIdentifier"

    // MARK: Top level (ours)
    public static let iconSize = "CYLTabBarItemIconSize"
    public static let scale = "CYLTabBarScale"
    public static let tintColor = "CYLTabBarTintColor"
    public static let unselectedTintColor = "CYLTabBarUnselectedTintColor"
    public static let darkBackgroundColor = "CYLTabBarDarkBackgroundColor"
    public static let darkTintColor = "CYLTabBarDarkTintColor"
    public static let darkUnselectedTintColor = "CYLTabBarDarkUnselectedTintColor"
    public static let launchAnimates = "CYLTabBarLaunchAnimates"

    // MARK: Per tab (the library's)
    public static let title = "CYLTabBarItemTitle"
    public static let selectedTitle = "CYLTabBarItemSelectedTitle"
    public static let identifier = "CYLTabBarItemIdentifier"
    public static let image = "CYLTabBarItemImage"
    public static let selectedImage = "CYLTabBarItemSelectedImage"
    public static let darkImage = "CYLTabBarItemDarkImage"
    public static let selectedDarkImage = "CYLTabBarItemSelectedDarkImage"
    public static let imageURL = "CYLTabBarItemImageURL"
    public static let titleColor = "CYLTabBarItemTitleColor"
    public static let selectedTitleColor = "CYLTabBarItemSelectedTitleColor"
    public static let titleFont = "CYLTabBarItemTitleFont"
    public static let selectedTitleFont = "CYLTabBarItemSelectedTitleFont"
    public static let selectedBackgroundColor = "CYLTabBarItemSelectedBackgroundColor"
    public static let accessibilityLabel = "CYLTabBarItemAccessibilityLabel"
    public static let platforms = "CYLTabBarItemPlatforms"
    public static let minimumAppVersion = "CYLTabBarItemMinimumAppVersion"
    public static let lottie = "CYLTabBarLottieFilePath"
    public static let lottieURL = "CYLTabBarLottieURL"
    public static let lottieDark = "CYLTabBarLottieDarkFilePath"
    public static let lottieDarkURL = "CYLTabBarLottieDarkURL"
    public static let lottieDarkColors = "CYLTabBarLottieDarkColors"
    public static let loopsWhenUnselected = "CYLTabBarLottieLoopsWhenUnselected"
    public static let gif = "CYLTabBarGIFFilePath"
    public static let gifURL = "CYLTabBarGIFURL"
    public static let riveURL = "CYLTabBarRiveURL"
    public static let pag = "CYLTabBarPAGFilePath"
    public static let pagURL = "CYLTabBarPAGURL"
    public static let animationURL = "CYLTabBarAnimationURL"
    public static let animationOptions = "CYLTabBarAnimationOptions"
    public static let itemWidth = "CYLTabBarItemWidth"
    public static let pageIdentifier = "CYLTabBarItemPageIdentifier"
    public static let pageParameters = "CYLTabBarItemPageParameters"
    public static let gestureReselect = "CYLTabBarItemGestureReselect"

    // MARK: Per tab (ours)
    public static let renderingMode = "CYLTabBarItemImageRenderingMode"

    // MARK: Deprecated (ours, misspelling a library key)
    /// This project's old spelling of `selectedDarkImage`; read for one more release.
    public static let darkSelectedImage = "CYLTabBarItemDarkSelectedImage"

    /// Top-level keys the library defines.
    public static let libraryTopLevel = [items, speed, backgroundColor, themes, darkTheme]
    /// Per-tab keys the library defines.
    public static let libraryPerTab = [
        title, selectedTitle, identifier, image, selectedImage, darkImage, selectedDarkImage, imageURL,
        titleColor, selectedTitleColor, titleFont, selectedTitleFont, selectedBackgroundColor, accessibilityLabel,
        platforms, minimumAppVersion, lottie, lottieURL, lottieDark, lottieDarkURL, lottieDarkColors,
        loopsWhenUnselected, gif, gifURL, riveURL, pag, pagURL, animationURL, animationOptions,
        itemWidth, pageIdentifier, pageParameters, gestureReselect,
    ]
    /// Top-level keys this project adds.
    public static let ourTopLevel = [iconSize, scale, tintColor, unselectedTintColor, darkBackgroundColor, darkTintColor,
                                     darkUnselectedTintColor, launchAnimates]
    /// Per-tab keys this project adds.
    public static let ourPerTab = [renderingMode]
    /// Old spellings still read, each with the library key that replaces it.
    public static let deprecated: [(old: String, replacement: String)] = [(darkSelectedImage, selectedDarkImage)]

    static let topLevel = libraryTopLevel + ourTopLevel
    static let perTab = libraryPerTab + ourPerTab
    /// Keys a skin may set for the whole bar (its reserved names): every bar setting.
    static let barSettings = [speed, backgroundColor, iconSize, scale, tintColor, unselectedTintColor,
                              darkBackgroundColor, darkTintColor, darkUnselectedTintColor, launchAnimates]
    /// Per-tab styles a skin may set for every tab that does not set its own.
    static let tabStyles = [titleColor, selectedTitleColor, titleFont, selectedTitleFont, selectedBackgroundColor, renderingMode]

    /// `CYLTabBarAnimationOptions`' members.
    public enum Option {
        public static let artboard = "artboard"
        public static let stateMachine = "stateMachine"
        public static let selectionInput = "selectionInput"
        public static let animation = "animation"
        public static let marker = "marker"
        public static let loop = "loop"
        public static let speed = "speed"
        /// The theme of the animation's file dark appearance draws (ours: the seed library's
        /// options are a map, so the choice is one more member of it).
        public static let darkTheme = "darkTheme"
        static let all = [artboard, stateMachine, selectionInput, animation, marker, loop, speed, darkTheme]
    }

    /// `CYLTabBarAnimationOptions.darkTheme`, as messages name it.
    public static let darkThemeOption = "\(animationOptions).\(Option.darkTheme)"
}
