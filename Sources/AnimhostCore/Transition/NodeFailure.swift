/// An error about one node of a frame (a frame the renderer cannot draw), which the animator may
/// place at the line of its source that last set where that node or one of its ancestors goes.
public protocol NodeFailure: Error, CustomStringConvertible {
    /// The ids of the node at fault and of its ancestors, the node first; empty when no node is named.
    var lineage: [String] { get }
}
