/// The names that mean "this tab is selected" on an input of a scene that reacts to input (a Rive
/// state machine's boolean or trigger, a dotLottie state machine's boolean or event), used when a
/// tab does not name the input (`OpenOptions.selectionInput`). Every back-end decides it here.
public enum SelectionInputName {
    /// Compared without case, spaces, `_` and `-` (`is_active`, `Is Selected`).
    public static let names: Set<String> = ["active", "isactive", "selected", "isselected", "pressed", "ispressed"]

    /// Whether `name` is one of `names` once normalised.
    public static func matches(_ name: String) -> Bool {
        names.contains(String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" }))
    }

    /// The names as help and messages list them.
    public static let listed = "active, selected, isActive, pressed"
}
