import AnimhostCore

/// The Swift side of the nodes Lua holds: a slot per node userdata, holding its node for as long as
/// the userdata may live. Lua's collector frees a userdata it can no longer reach and, in the same
/// collection, clears it from the state's weak-valued table of node userdata, where it sits at its
/// slot (``NodeBinding``); at a run's end and after a full collection, ``release(keeping:_:)`` gives
/// back the nodes of the slots whose userdata is gone. There is no finalizer: a `__gc` per node would run host code inside the collector, with
/// hooks off, and a finalized userdata can still turn up as a key of a plugin's weak-keyed table for
/// one more cycle, which every binding would have to expect; it would save nothing (docs/benchmarks.md).
struct NodeHandles {
    /// Each slot's node; nil for a free slot.
    private var nodes: [Node?] = []
    /// Free slots, reused before the list grows.
    private var free: [Int] = []

    /// How many nodes the state has been handed: the next one's place in the walking order of keys.
    private var handedOver = 0

    /// A slot holding `node` until ``release(keeping:_:)`` finds its userdata gone, noted in the node as
    /// the slot of the holder `mark` (the state), with the node's place in the walking order of nodes
    /// used as keys: the order in which the state first saw it, kept while Lua lets go of it and is
    /// handed it again. One call, so that the state's handles are one access.
    mutating func hold(_ node: Node, markedBy mark: Int) -> Int {
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        if node.markHandedOver(by: mark, order: handedOver, slot: slot) { handedOver += 1 }
        return slot
    }

    /// Frees every slot that holds a node and is not marked in `live` (by slot; as long as the list
    /// of slots or shorter), handing each node and its slot to `released` first. One pass over the
    /// slots, with no call per slot that stays.
    mutating func release(keeping live: [Bool], _ released: (Node, Int) -> Void) {
        for slot in nodes.indices where slot >= live.count || !live[slot] {
            guard let node = nodes[slot] else { continue }
            released(node, slot)
            nodes[slot] = nil
            free.append(slot)
        }
    }

    /// How many slots there are, free or not: one more than the highest slot given out.
    var slotCount: Int { nodes.count }

    /// The slots holding `node`: its userdata's, and older ones whose userdata Lua has freed since.
    func slots(holding node: Node) -> some Sequence<Int> { nodes.indices.lazy.filter { nodes[$0] === node } }

    /// How many nodes the slots hold.
    var count: Int { nodes.count - free.count }

    /// The sum of `cost` over every node the slots keep alive: their nodes and all their
    /// descendants, each counted once (children are held by their parents, parents are not held by
    /// their children).
    func keptCost(_ cost: (Node) -> Int) -> Int {
        var seen = Set<ObjectIdentifier>(), total = 0
        for case let root? in nodes {
            var pending = [root]
            while let node = pending.popLast() {
                guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
                total += cost(node)
                pending.append(contentsOf: node.children)
            }
        }
        return total
    }
}
