extension AnimationEngine {
    /// Sets a parent's frame: its children with an autoresizing mask follow its new size, in the
    /// model at once and on screen frame by frame while the parent's frame animates.
    func setFrame(of node: Node, to value: AnimatableValue) {
        let old = node.storedModel.frame.size
        setOne(.frame, of: node, to: value)
        guard node.storedModel.frame.size != old, node.autoresizesChildren else { return }
        let animating = isRecording
        if animating { resizesChildren = true }
        node.autoresizeModelChildren(from: old, showNow: !animating)
    }

    /// Puts the properties of the lanes in `range`, cancelled interactively, back to where they
    /// started; once a parent has laid out children, frames go back from the top of the tree down,
    /// so that a child's own start is where it ends, after its parent's layout.
    func restoreOrigins(of range: Range<Int>) {
        var live = liveLanes(in: range)
        if resizesChildren {
            let depth = live.map { $0.property == .frame ? $0.node.levelsAbove : 0 }
            live = live.indices.sorted { (depth[$0], $0) < (depth[$1], $1) }.map { live[$0] }
        }
        for lane in live { restoreOrigin(lane.origin, of: lane.property, on: lane.node) }
    }

    /// Puts a property cancelled interactively back to where it started; a frame takes its
    /// autoresizing children back with it.
    func restoreOrigin(_ origin: AnimatableValue, of property: AnimatableProperty, on node: Node) {
        let old = node.storedModel.frame.size
        property.set(origin, in: &node.storedModel)
        if property == .frame { node.motion.layoutOrigin = nil }
        if property == .frame && resizesChildren { node.autoresizeModelChildren(from: old, showNow: false) }
    }

    /// Lays out the children of every node whose frame is in flight, after the lanes have written
    /// this instant's values (only once some parent with autoresizing children has animated).
    func layOutResizedNodes() {
        for node in nodesWithFrameInFlight where node.autoresizesChildren {
            node.layoutPresentationChildren()
        }
    }
}
