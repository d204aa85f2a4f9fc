import CYLGeometry

/// A two-axis control: its x and y (-1...1) pick a time in one animation each, applied every
/// update; a handle source makes it follow that component's position.
final class RJoystick: RComponent {
    var x = 0.0, y = 0.0
    var posX = 0.0, posY = 0.0, width = 100.0, height = 100.0, originX = 0.5, originY = 0.5
    var flags: UInt64 = 0
    var xID: Int?, yID: Int?, handleID: Int?
    unowned(unsafe) var handle: RTransformComponent?
    var xAnimation: BoundAnimation?, yAnimation: BoundAnimation?

    /// The bound animations key components of this artboard, possibly this joystick.
    override func unlink() {
        super.unlink()
        xAnimation = nil
        yAnimation = nil
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.joystickX: x = value.double ?? x
        case RivePropertyKey.joystickY: y = value.double ?? y
        case RivePropertyKey.joystickPosX: posX = value.double ?? posX
        case RivePropertyKey.joystickPosY: posY = value.double ?? posY
        case RivePropertyKey.joystickWidth: width = value.double ?? width
        case RivePropertyKey.joystickHeight: height = value.double ?? height
        case RivePropertyKey.joystickOriginX: originX = value.double ?? originX
        case RivePropertyKey.joystickOriginY: originY = value.double ?? originY
        case RivePropertyKey.joystickJoystickFlags: flags = value.uint ?? flags
        case RivePropertyKey.joystickXId: xID = value.index
        case RivePropertyKey.joystickYId: yID = value.index
        case RivePropertyKey.joystickHandleSourceId: handleID = value.index
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.joystickX: return x
        case RivePropertyKey.joystickY: return y
        case RivePropertyKey.joystickPosX: return posX
        case RivePropertyKey.joystickPosY: return posY
        case RivePropertyKey.joystickWidth: return width
        case RivePropertyKey.joystickHeight: return height
        default: return super.double(key)
        }
    }

    override func resolve(_ artboard: ArtboardInstance) {
        handle = handleID.flatMap { artboard.object($0) as? RTransformComponent }
        let animations = artboard.model.animations
        xAnimation = xID.flatMap { $0 < animations.count ? BoundAnimation(animations[$0], artboard: artboard) : nil }
        yAnimation = yID.flatMap { $0 < animations.count ? BoundAnimation(animations[$0], artboard: artboard) : nil }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        guard let handle, let parent else { return }
        parent.addDependent(self)
        handle.addDependent(self)
    }

    /// Whether it applies before the artboard updates (it follows no handle).
    var appliesBeforeUpdate: Bool { handle == nil }

    override func update(_ artboard: ArtboardInstance) {
        guard let handle else { return }
        var world = Transform.translation(posX, posY)
        if let p = parent as? RTransformComponent { world = p.worldTransform * world }
        let pos = world.invertedOrIdentity * handle.worldTranslation
        let minX = -width * originX, minY = -height * originY
        // Where the handle sits in the joystick's box, as -1...1 on each axis.
        x = width == 0 ? 0 : (pos.x - minX) / width * 2 - 1
        y = height == 0 ? 0 : (pos.y - minY) / height * 2 - 1
    }

    func apply(_ artboard: ArtboardInstance) {
        if let a = xAnimation {
            let v = flags & 1 != 0 ? -x : x
            a.apply(artboard, seconds: Double(Float((v + 1) / 2) * LayerPlayer.durationSeconds(a.model)), mix: 1)
        }
        if let a = yAnimation {
            let v = flags & 2 != 0 ? -y : y
            a.apply(artboard, seconds: Double(Float((v + 1) / 2) * LayerPlayer.durationSeconds(a.model)), mix: 1)
        }
    }
}
