import CYLTimeline
import Testing
@testable import CYLRiveAnimator

@Suite struct CorpusReaderTests {
    /// Every corpus file reads, and its artboards, animations and state machines are the ones the
    /// official runtime lists (names, sizes, fps, durations, loop types, inputs).
    @Test func everyCorpusFileReadsLikeTheRuntimeListsIt() throws {
        guard RiveCorpus.require() else { return }
        #expect(RiveCorpus.entries.count == 139)
        var failures: [String] = []
        for entry in RiveCorpus.entries {
            let model: RiveFileModel
            do {
                model = try RiveReader.read(try RiveCorpus.bytes(entry), name: entry.file, limits: .standard)
            } catch {
                failures.append("\(error)")
                continue
            }
            let list = try RiveCorpus.list(entry)
            let boards = list["artboards"] as? [[String: Any]] ?? []
            if boards.count != model.artboards.count {
                failures.append("\(entry.file): \(model.artboards.count) artboards, runtime lists \(boards.count)")
                continue
            }
            for (board, ref) in zip(model.artboards, boards) {
                if board.name != ref["name"] as? String { failures.append("\(entry.file): artboard name \(board.name)") }
                if abs(board.width - (ref["width"] as? Double ?? -1)) > 0.01 || abs(board.height - (ref["height"] as? Double ?? -1)) > 0.01 {
                    failures.append("\(entry.file): artboard \(board.name) size \(board.width)x\(board.height)")
                }
                let anims = ref["animations"] as? [[String: Any]] ?? []
                if anims.count != board.animations.count {
                    failures.append("\(entry.file): \(board.animations.count) animations, runtime lists \(anims.count)")
                } else {
                    for (a, r) in zip(board.animations, anims) {
                        if a.name != r["name"] as? String || a.fps != r["fps"] as? Int || a.duration != r["duration"] as? Int
                            || a.loop.description != r["loop"] as? String {
                            failures.append("\(entry.file): animation \(a.name) \(a.fps) \(a.duration) \(a.loop) differs from \(r)")
                        }
                    }
                }
                let machines = ref["state_machines"] as? [[String: Any]] ?? []
                let ours = board.stateMachines.filter { _ in true }
                if machines.count != ours.count && !(ours.isEmpty && machines.count == 1) {
                    failures.append("\(entry.file): \(ours.count) state machines, runtime lists \(machines.count)")
                } else {
                    for (m, r) in zip(ours, machines) {
                        let inputs = (r["inputs"] as? [[String: Any]] ?? []).map { "\($0["name"] as? String ?? "")/\($0["type"] as? String ?? "")" }
                        let mine = m.inputs.map { $0.map { "\($0.name)/\($0.kind)" } ?? "?" }
                        if m.name != r["name"] as? String || inputs != mine {
                            failures.append("\(entry.file): state machine \(m.name) inputs \(mine) differ from \(r["name"] ?? "") \(inputs)")
                        }
                    }
                }
                let dsm = ref["default_state_machine_index"] as? Int ?? -1
                if (board.defaultStateMachineIndex ?? -1) != dsm {
                    failures.append("\(entry.file): default state machine \(board.defaultStateMachineIndex ?? -1), runtime says \(dsm)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches:\n\(failures.joined(separator: "\n"))")
    }
}
