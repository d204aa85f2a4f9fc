import CYLDocuments
import CYLTimeline

/// Assets a `.riv` names but does not embed (the editor's "referenced" export, for large images
/// and fonts), read from files beside it or under `--assets DIR` (`OpenOptions.assetsDirectory`),
/// the way an app's asset loader finds them in its bundle.
///
/// The editor exports such an asset as `<name without its extension>-<asset id>.<extension>`
/// (the runtime's `FileAsset::uniqueFilename`, with the type's extension: png for images, ttf for
/// fonts (otf too, for fonts saved by hand), wav for audio); a file named as the asset itself
/// (`photo.png`) is the fallback, for
/// assets saved by hand. Names come from the file: one holding a `/`, or `.`/`..`, is not read,
/// so a downloaded `.riv` cannot read outside its folder. URLs (the Rive CDN) are not fetched.
enum RiveAssetFiles {
    /// Where each asset's bytes came from, for `info`.
    enum Source: Equatable {
        case embedded(bytes: Int)
        case file(String)
        /// Not embedded and not found: the names looked for, in `folder`.
        case missing(names: [String], folder: String)
    }

    /// The file names an asset that is not embedded is looked for by, in order: the runtime's
    /// unique name with the type's extension, then with the name's own (a `.jpg` image), then
    /// the name itself. The image decoder sniffs the bytes, so the extension need not match.
    static func candidates(_ asset: FileAssetModel) -> [String] {
        guard isPlainName(asset.name) else { return [] }
        var stem = asset.name, own: String?
        if let dot = asset.name.lastIndex(of: "."), dot != asset.name.startIndex {
            stem = String(asset.name[..<dot])
            own = String(asset.name[asset.name.index(after: dot)...]).lowercased()
        }
        var extensions = typeExtensions(asset)
        if let own, !extensions.contains(own) { extensions.append(own) }
        var names = extensions.map { "\(stem)-\(asset.assetID).\($0)" }
        if !names.contains(asset.name) { names.append(asset.name) }
        return names.filter(isPlainName)
    }

    /// The extension the runtime gives an asset of this type (none for other types).
    static func typeExtensions(_ asset: FileAssetModel) -> [String] {
        if RiveDefinitions.isType(asset.typeKey, kindOf: RiveTypeKey.imageAsset) { return ["png"] }
        if RiveDefinitions.isType(asset.typeKey, kindOf: RiveTypeKey.fontAsset) { return ["ttf", "otf"] }
        if RiveDefinitions.isType(asset.typeKey, kindOf: RiveTypeKey.audioAsset) { return ["wav"] }
        return []
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    /// Fills in the contents of every image and font asset that is not embedded from a file in `folder`,
    /// and says where each asset came from. Files larger than the file limit or unreadable are
    /// warnings; the asset then stays missing.
    static func resolve(_ model: inout RiveFileModel, folder: String, limits: Limits, notes: inout [Diagnostic]) -> [Source] {
        var sources: [Source] = []
        for i in model.assets.indices {
            let asset = model.assets[i]
            if let bytes = asset.contents {
                sources.append(.embedded(bytes: bytes.count))
                continue
            }
            let names = candidates(asset)
            var found: String?
            // Audio is not played: only images and fonts are read.
            if asset.isImage || asset.isFont {
                for name in names {
                    let path = FilePath.join(folder, name)
                    do {
                        model.assets[i].contents = try InputFile.read(path, limits: limits)
                        found = path
                        break
                    } catch where error.kind == .notFound {
                        continue
                    } catch {
                        notes.append(Diagnostic(.warning, at: "asset \"\(asset.name)\"", "\(error.description); not drawn",
                                                feature: asset.isImage ? .externalImage : .missingFont))
                        break
                    }
                }
            }
            sources.append(found.map { .file($0) } ?? .missing(names: names, folder: folder))
        }
        return sources
    }
}
