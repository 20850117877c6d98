import CLua
import Foundation
import AnimhostCore

/// A plugin's `presentation = { … }`, as a `UIPresentationController` subclass: one object per
/// presentation, a table whose missing fields read through to the declared table, so that its hooks
/// keep state in `self` (`self.dim = node{ … }`) from the present to the end of the dismiss. Its
/// `container`, `presentingView`, `presentedView` and `params` (the present's) are set before its first hook runs. Each hook
/// runs in the run under way, with that run's `ctx`, on the run's time budget.
final class LuaPresentation: PresentationController {
    /// The hooks a presentation may declare; `shouldRemovePresentersView` may also be a boolean.
    static let hooks = [
        "frameOfPresentedView", "shouldRemovePresentersView", "presentationWillBegin", "presentationDidEnd",
        "dismissalWillBegin", "dismissalDidEnd"
    ]

    let plugin: Plugin
    /// Registry references to the object (`self` in its hooks) and the declared table.
    private var objectRef: Int32
    private var declarationRef: Int32
    /// Whether the object's views have been set (at the first hook).
    private var placed = false

    /// A new presentation of `plugin`, whose declared table is on top of the stack (popped).
    init(plugin: Plugin) {
        self.plugin = plugin
        let host = plugin.host, L = host.L
        declarationRef = host.ref()
        lua_createtable(L, 0, 4)
        lua_createtable(L, 0, 1)
        host.pushRef(declarationRef)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        objectRef = host.ref()
    }

    deinit { close() }

    func close() {
        guard objectRef != LUA_NOREF else { return }
        plugin.host.unref(objectRef)
        plugin.host.unref(declarationRef)
        (objectRef, declarationRef) = (LUA_NOREF, LUA_NOREF)
    }

    func frameOfPresentedView(in context: TransitionContext) throws -> Rect? {
        let L = plugin.host.L
        guard try push("frameOfPresentedView", context) else { return nil }
        ah_pop(L, 1)  // its argument is the container, not ctx
        NodeBinding.push(L, context.container)
        let line = definedLine()
        try plugin.host.call(nargs: 2, nresults: 1)
        defer { ah_pop(L, 1) }
        guard let rect = ValueBinding.rect(L, -1) else {
            throw PluginError(file: plugin.file, line: line, message: "presentation.frameOfPresentedView(container) must return a rect, got \(typeName(L, -1))")
        }
        do { try PresentationError.check(rect) } catch let e as PresentationError {
            throw PluginError(file: plugin.file, line: line, message: "presentation." + e.description)
        }
        return rect
    }

    func shouldRemovePresentersView(in context: TransitionContext) throws -> Bool {
        let L = plugin.host.L
        try place(context)
        switch lookUp("shouldRemovePresentersView") {
        case LUA_TNIL:
            ah_pop(L, 1)
            return false
        case LUA_TBOOLEAN:
            defer { ah_pop(L, 1) }
            return lua_toboolean(L, -1) != 0
        default:
            ah_pop(L, 1)
            _ = try push("shouldRemovePresentersView", context)
            let line = definedLine()
            try plugin.host.call(nargs: 2, nresults: 1)
            defer { ah_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TBOOLEAN else {
                throw PluginError(
                    file: plugin.file, line: line, message: "presentation.shouldRemovePresentersView must be or return true or false, got \(typeName(L, -1))")
            }
            return lua_toboolean(L, -1) != 0
        }
    }

    func presentationWillBegin(in context: TransitionContext) throws { try hook("presentationWillBegin", context) }
    func presentationDidEnd(_ completed: Bool, in context: TransitionContext) throws { try hook("presentationDidEnd", context, completed) }
    func dismissalWillBegin(in context: TransitionContext) throws { try hook("dismissalWillBegin", context) }
    func dismissalDidEnd(_ completed: Bool, in context: TransitionContext) throws { try hook("dismissalDidEnd", context, completed) }

    /// Calls `hook(self, ctx[, completed])` when the presentation defines it.
    private func hook(_ name: String, _ context: TransitionContext, _ completed: Bool? = nil) throws {
        guard try push(name, context) else { return }
        if let completed { lua_pushboolean(plugin.host.L, completed ? 1 : 0) }
        try plugin.host.call(nargs: completed == nil ? 2 : 3, nresults: 0)
    }

    /// Pushes the function `name`, `self` and the run's `ctx`, or returns false when there is no such function.
    private func push(_ name: String, _ context: TransitionContext) throws -> Bool {
        let L = plugin.host.L
        try place(context)
        let kind = lookUp(name)
        guard kind == LUA_TFUNCTION else {
            defer { ah_pop(L, 1) }
            if kind == LUA_TNIL { return false }
            throw PluginError(
                file: plugin.file, line: plugin.presentationLine(name), message: "presentation.\(name) must be a function, got \(typeName(L, -1))")
        }
        plugin.host.pushRef(objectRef)
        guard let run = plugin.host.transition, run.context === context else {
            ah_pop(L, 2)
            throw PluginError(file: plugin.file, message: "presentation.\(name): no run of this plugin is under way")
        }
        ContextBinding.push(L, run)
        return true
    }

    /// Pushes `self[name]`, else the declared table's, read without metamethods; returns its type.
    private func lookUp(_ name: String) -> Int32 {
        let L = plugin.host.L
        plugin.host.pushRef(objectRef)
        if rawField(L, -1, name) != LUA_TNIL {
            ah_remove(L, -2)
            return lua_type(L, -1)
        }
        ah_pop(L, 2)
        plugin.host.pushRef(declarationRef)
        let kind = rawField(L, -1, name)
        ah_remove(L, -2)
        return kind
    }

    /// Sets `self.container`, `self.presentingView`, `self.presentedView` and `self.params` once, from the present's run.
    private func place(_ context: TransitionContext) throws {
        guard !placed else { return }
        placed = true
        let L = plugin.host.L
        plugin.host.pushRef(objectRef)
        for (key, node) in [("container", context.container), ("presentingView", context.from.root), ("presentedView", context.to.root)] {
            LuaHost.push(L, key)
            NodeBinding.push(L, node)
            lua_rawset(L, -3)
        }
        if let run = plugin.host.transition {
            LuaHost.push(L, "params")
            plugin.host.pushRef(run.paramsRef)
            lua_rawset(L, -3)
        }
        ah_pop(L, 1)
    }

    /// The line the function on top of the stack is defined at.
    private func definedLine() -> Int? {
        let L = plugin.host.L
        lua_pushvalue(L, -3)
        var ar = lua_Debug()
        lua_getinfo(L, ">S", &ar)
        return ar.linedefined > 0 ? Int(ar.linedefined) : nil
    }
}

extension Plugin {
    /// Checks the plugin's `presentation`: nil or a table whose hooks are functions
    /// (`shouldRemovePresentersView` a boolean or a function); a field named like a hook but misspelt
    /// is an error naming the hook. Returns whether the plugin declares one.
    static func readPresentation(_ L: OpaquePointer, table t: Int32, file: String, line: (String) -> Int?) throws -> Bool {
        defer { ah_pop(L, 1) }
        let kind = rawField(L, t, "presentation")
        if kind == LUA_TNIL {
            guard let key = misplacedPresentation(L, in: t) else { return false }
            throw PluginError(
                file: file, line: line(key),
                message: "the plugin's '\(key)' holds presentation hooks, which the host reads only from 'presentation' (name it so)")
        }
        guard kind == LUA_TTABLE else {
            throw PluginError(
                file: file, line: line("presentation"), message: "the plugin's 'presentation' must be a table of hooks ({ presentationWillBegin = function(self, ctx) … end }), got \(typeName(L, -1))")
        }
        for key in unknownKeys(L, -1, allowed: Set(LuaPresentation.hooks)) {
            if let hook = closestName(to: key, among: LuaPresentation.hooks) {
                throw PluginError(file: file, line: line(key), message: "presentation.\(key): not a hook of a presentation (did you mean '\(hook)'?)")
            }
        }
        for hook in LuaPresentation.hooks {
            let got = rawField(L, -1, hook)
            defer { ah_pop(L, 1) }
            guard got == LUA_TNIL || got == LUA_TFUNCTION || (hook == "shouldRemovePresentersView" && got == LUA_TBOOLEAN) else {
                let expected = hook == "shouldRemovePresentersView" ? "true, false or a function" : "a function"
                throw PluginError(file: file, line: line(hook), message: "presentation.\(hook) must be \(expected), got \(typeName(L, -1))")
            }
        }
        return true
    }

    /// The first field (by name) of the plugin table at `t` whose value is a table holding a presentation
    /// hook: a presentation under a misspelt name (`presentaton`, `Presentation`), which would otherwise
    /// be ignored in silence.
    private static func misplacedPresentation(_ L: OpaquePointer, in t: Int32) -> String? {
        var found: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TTABLE, let key = LuaHost.string(L, -2) {
                var holds = false
                for hook in LuaPresentation.hooks where !holds {
                    holds = rawField(L, -1, hook) != LUA_TNIL
                    ah_pop(L, 1)
                }
                if holds { found.append(key) }
            }
            ah_pop(L, 1)
        }
        return found.min()
    }

    /// The line that declares `key` inside the plugin's `presentation` table, else the table's own line.
    func presentationLine(_ key: String) -> Int? {
        guard let source = try? InputFile.read(url.path) else { return nil }
        let start = Plugin.line(declaring: "presentation", in: source)
        return Plugin.line(declaring: key, in: source, from: start ?? 1) ?? start
    }

    /// A new presentation object for a present about to begin.
    public func makePresentation() throws -> PresentationController? {
        guard declaresPresentation else { return nil }
        host.pushRef(tableRef)
        rawField(host.L, -1, "presentation")
        ah_remove(host.L, -2)
        guard lua_type(host.L, -1) == LUA_TTABLE else {
            ah_pop(host.L, 1)
            throw error("the plugin's 'presentation' table is gone")
        }
        return LuaPresentation(plugin: self)
    }
}
