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

    /// Puts a property cancelled interactively back to where it started; a frame takes its
    /// autoresizing children back with it.
    func restoreOrigin(_ origin: AnimatableValue, of property: AnimatableProperty, on node: Node) {
        let old = node.storedModel.frame.size
        property.set(origin, in: &node.storedModel)
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
