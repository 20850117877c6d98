import Foundation
import AnimhostCore

/// Each node of two runs, matched by id, compared property by property through time.
struct NodeComparison {
    let a: NodeTracks
    let b: NodeTracks
    /// The frame rate, whose frame is the step of the search for a timing shift.
    let fps: Int

    init(_ a: NodeTracks, _ b: NodeTracks, fps: Int) { self.a = a; self.b = b; self.fps = fps }

    /// Every node that differs: those whose own properties differ first, then those that only follow
    /// a changed ancestor, each group from the largest difference down.
    func changes() -> [RunDiff.NodeChange] {
        let keys = a.order + b.order.filter { a.places[$0] == nil }
        let found = keys.compactMap(change)
        return found.enumerated().sorted { x, y in
            let (p, q) = (NodeComparison.rank(x.element), NodeComparison.rank(y.element))
            return p != q ? p.lexicographicallyPrecedes(q) : x.offset < y.offset
        }.map(\.element)
    }

    /// Sorting: presence first, then nodes changed themselves, each by its largest difference.
    private static func rank(_ c: RunDiff.NodeChange) -> [Double] {
        let size = c.property("size")?.residual ?? 0, opacity = c.property("opacity")?.residual ?? 0
        let worst = max(c.pathError, size, abs(c.shift) * 1000, opacity * 100)
        return [c.presence == nil ? 1 : 0, c.changedItself ? 0 : 1, -worst]
    }

    /// How the node differs; nil when it does not.
    private func change(_ key: RunDiff.NodeKey) -> RunDiff.NodeChange? {
        var presence: RunDiff.Presence?
        if a.places[key] == nil {
            presence = .onlyIn("B")
        } else if b.places[key] == nil {
            presence = .onlyIn("A")
        } else if a.atEnd(key) != b.atEnd(key) {
            presence = .leftBehindIn(a.atEnd(key) ? "A" : "B")
        }
        var properties: [RunDiff.PropertyChange] = []
        if presence != .onlyIn("A") && presence != .onlyIn("B") {
            for property in DiffProperty.all where !NodeTracks.same(a, b, key, property) {
                guard let ca = a.curve(key, property), let cb = b.curve(key, property), ca.width == cb.width else { continue }
                // Searched a 60th of a second at a time (a display's frame), then refined: a finer search finds the same minimum.
                let step = max(1 / Double(fps), 1 / 60.0)
                let window = max(ca.times.last ?? 0, cb.times.last ?? 0) + step
                let aligned = CurveAlignment.align(ca, cb, step: step, window: window, distance: property.distance)
                // The same curve, one run only holding it longer (the other ran on): nothing differs.
                if aligned.shift == 0 && aligned.residual < 1e-9 { continue }
                properties.append(
                    RunDiff.PropertyChange(
                        name: property.name, unit: property.unit, onScreen: property.onScreen, shift: aligned.shift, residual: aligned.residual, a: ca, b: cb))
            }
        }
        guard presence != nil || !properties.isEmpty else { return nil }
        let mover = DiffProperty.all.prefix(3).first { p in
            properties.contains { $0.name == p.name } && [a, b].contains { ($0.curve(key, p)?.range ?? 0) > p.moving }
        }
        let timing = mover.flatMap { m in properties.first { $0.name == m.name } } ?? properties.first { !$0.onScreen }
        return RunDiff.NodeChange(
            key: key, presence: presence, properties: properties, shift: timing?.shift ?? 0,
            pathError: properties.first { $0.name == "path" }?.residual ?? 0, changedItself: properties.contains { !$0.onScreen })
    }
}
