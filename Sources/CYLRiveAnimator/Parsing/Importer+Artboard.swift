import CYLTimeline

extension RiveImporter {
    /// Validates an artboard's object graph and builds its model. Objects whose parent is missing
    /// or is not a container drop out (as in the runtime, repeatedly, since dropping one can orphan
    /// another); a parent index past the end of the list or a cycle of parents is an error.
    mutating func finishArtboard(_ a: Int) throws(RiveError) -> ArtboardModel {
        try validateStateMachines(a)
        resolveAnimations(a)
        var objects = artboards[a].objects
        guard let first = objects.first, let board = first, board.typeKey == RiveTypeKey.artboard else {
            throw RiveError(file: file, byte: artboards[a].offset, "artboard \"\(artboards[a].name)\" has no objects")
        }
        _ = board
        for i in objects.indices.dropFirst() {
            guard let o = objects[i], let p = o.parentID else { continue }
            guard p >= 0, p < objects.count else {
                throw RiveError(file: file, byte: o.offset, "\(o.typeName) \"\(o.name)\": parent \(p) is out of range (the artboard has \(objects.count) objects)")
            }
        }
        try checkCycles(objects)
        var changed = true
        var rounds = 0
        while changed && rounds < 100 {
            changed = false
            rounds += 1
            for i in objects.indices.dropFirst() {
                guard let o = objects[i], let p = o.parentID else { continue }
                if let parent = objects[p], parent.isType(RiveTypeKey.containerComponent) { continue }
                note(o.offset, "\(o.typeName) \"\(o.name)\" has no valid parent; ignored", key: "orphan")
                objects[i] = nil
                changed = true
            }
        }
        let b = artboards[a]
        return ArtboardModel(name: b.name, objects: objects, animations: b.animations, stateMachines: b.stateMachines,
                             dataBinds: b.dataBinds)
    }

    /// Fails on the first object whose chain of parents comes back to itself.
    func checkCycles(_ objects: [ComponentModel?]) throws(RiveError) {
        // 0: unvisited, 1: on the current chain, 2: known to reach the artboard or a dead end.
        var state = [UInt8](repeating: 0, count: objects.count)
        state[0] = 2
        var chain: [Int] = []
        for start in objects.indices where state[start] == 0 {
            chain.removeAll(keepingCapacity: true)
            var i = start
            while true {
                if state[i] == 2 { break }
                if state[i] == 1 {
                    let o = objects[i]!
                    throw RiveError(file: file, byte: o.offset, "\(o.typeName) \"\(o.name)\": its parents form a cycle")
                }
                state[i] = 1
                chain.append(i)
                guard let o = objects[i], let p = o.parentID, p >= 0, p < objects.count else { break }
                i = p
            }
            for c in chain { state[c] = 2 }
        }
    }
}
