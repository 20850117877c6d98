/// What a finished run's state suggests went wrong, in words a newcomer can act on: UIKit allows each
/// of these, so `run` warns rather than fails (`animhost check` fails the ones that change the picture).
enum RunAdvice {
    /// The notes for a run of `context` that ended as `result`; none for a clean run.
    static func notes(for context: TransitionContext, result: TransitionRun.Result) -> [String] {
        var notes: [String] = []
        if let time = context.completionTime, time == 0, context.duration > 0 {
            notes.append(
                "ctx:complete was called at t = 0, before the first frame, in a transition that lasts \(formatNumber(context.duration)) s: "
                    + "call it in the last animation's completion")
        }
        guard result.completed else { return notes }
        let destination = context.to.root
        let holder = outermostHolder(of: destination, in: context.container)
        if let holder {
            notes.append(
                "the destination '\(context.to.name)' (ctx.to.view) ends inside '\(holder.id)', not directly in the container: "
                    + "in the last completion move it back (ctx.container:add(ctx.to.view)) and remove '\(holder.id)'")
        } else if destination.parent !== context.container {
            notes.append(
                "the destination '\(context.to.name)' (ctx.to.view) was never added to the container, so it is never drawn: "
                    + "ctx.container:add(ctx.to.view)")
        } else if destination.model.hidden || destination.model.alpha == 0 {
            let state = destination.model.hidden ? "hidden = true" : "alpha 0"
            notes.append("the destination '\(context.to.name)' (ctx.to.view) ends with \(state), so the screen ends blank: make it visible before completing")
        }
        let lasting = Set((context.presentation?.views ?? []).map(ObjectIdentifier.init))  // a presentation's views outlive the transition
        let leftBehind = context.container.children.filter { node in
            node !== destination && node !== context.from.root && node !== holder && !lasting.contains(ObjectIdentifier(node))
        }
        if !leftBehind.isEmpty {
            let more = leftBehind.count > 3 ? " and \(leftBehind.count - 3) more" : ""
            let names = leftBehind.prefix(3).map { "'\($0.id)'" }.joined(separator: ", ") + more
            notes.append("\(names) stayed in the container after the transition: remove what you added (node:remove()) in the last completion")
        }
        return notes
    }

    /// The child of `container` that `node` ends nested in, when it is a deeper descendant; nil otherwise.
    private static func outermostHolder(of node: Node, in container: Node) -> Node? {
        var current = node
        while let parent = current.parent, parent !== container { current = parent }
        return current !== node && current.parent === container ? current : nil
    }
}
