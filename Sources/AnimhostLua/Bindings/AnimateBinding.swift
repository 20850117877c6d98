import CLua
import AnimhostCore

/// `animate{…}`, `keyframes{…}` and `keyframe(start, length, fn)`: plugin code declares, the engine runs.
enum AnimateBinding {
    static let optionKeys = ["duration", "delay", "curve", "spring", "animations", "completion"]

    static func install(in L: OpaquePointer) {
        ah_pushglobaltable(L)
        LuaHost.setFunction(L, "animate", animate)
        LuaHost.setFunction(L, "keyframes", keyframes)
        LuaHost.setFunction(L, "keyframe", keyframe)
        ah_pop(L, 1)
    }

    private static let animate: LuaBinding = { L in
        let L = L!
        return binding(L) {
            try run(L, keyframes: false); return 0
        }
    }

    private static let keyframes: LuaBinding = { L in
        let L = L!
        return binding(L) {
            try run(L, keyframes: true); return 0
        }
    }

    /// Reads the block's options, runs its animations function, and schedules its completion.
    private static func run(_ L: OpaquePointer, keyframes: Bool) throws {
        let what = keyframes ? "keyframes{}" : "animate{}"
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw BindingError("\(what): expected a table, as in \(what.dropLast(2)){ duration = 0.3, function() … end }")
        }
        try rejectUnknownKeys(L, 1, allowed: optionKeys, in: what)
        let host = LuaHost.of(L)
        let options = try self.options(L, what: what)
        // The animations function: the table's first item, or `animations =`.
        lua_rawgeti(L, 1, 1)
        if lua_type(L, -1) == LUA_TNIL { ah_pop(L, 1); rawField(L, 1, "animations") }
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            throw BindingError("\(what): expected the animations function as the table's first item, got \(typeName(L, -1))")
        }
        let block = lua_gettop(L)
        rawField(L, 1, "completion")
        var completionRef: Int32? = nil
        if lua_type(L, -1) == LUA_TFUNCTION {
            completionRef = host.ref()
        } else if lua_type(L, -1) == LUA_TNIL {
            ah_pop(L, 1)
        } else {
            throw BindingError("\(what): completion must be a function, got \(typeName(L, -1))")
        }

        let changes = {
            lua_pushvalue(L, block)
            try host.callNested(nargs: 0, nresults: 0, on: L)
        }
        let run = host.transition
        if let ref = completionRef { run?.completionRefs.insert(ref) }
        let completion: ((Bool) throws -> Void)? = completionRef.map { ref in
            { [unowned host, weak run] finished in
                guard run?.completionRefs.remove(ref) != nil else { return }  // released when its run ended
                host.pushRef(ref)
                host.unref(ref)
                lua_pushboolean(host.L, finished ? 1 : 0)
                try host.call(nargs: 1, nresults: 0)
            }
        }
        let origin = host.engine.log == nil ? nil : DeclarationPlace.current(L)
        do {
            if keyframes {
                try host.engine.animateKeyframes(options, origin: origin, changes: changes, completion: completion)
            } else {
                try host.engine.animate(options, origin: origin, changes: changes, completion: completion)
            }
        } catch {
            if let ref = completionRef {
                run?.completionRefs.remove(ref)
                host.unref(ref)
            }
            throw error
        }
    }

    private static func options(_ L: OpaquePointer, what: String) throws -> AnimationOptions {
        var options = AnimationOptions()
        if rawField(L, 1, "duration") != LUA_TNIL { options.duration = try checkNumber(L, -1, "\(what).duration") }
        ah_pop(L, 1)
        if rawField(L, 1, "delay") != LUA_TNIL { options.delay = try checkNumber(L, -1, "\(what).delay") }
        ah_pop(L, 1)
        guard options.duration >= 0, options.delay >= 0 else { throw BindingError("\(what): duration and delay must not be negative") }
        let hasCurve = rawField(L, 1, "curve") != LUA_TNIL
        if hasCurve {
            if let e = TimingBinding.easing(L, -1) {
                options.timing = .curve(e)
            } else if let spec = LuaHost.string(L, -1) {
                options.timing = .curve(TimingBinding.kept(try Easing(spec: spec), L))
            } else {
                throw BindingError("\(what).curve: expected an easing spec such as \"easeOut\" or easing(…), got \(typeName(L, -1)) (curves run in the host, not in Lua)")
            }
        }
        ah_pop(L, 1)
        if rawField(L, 1, "spring") != LUA_TNIL {
            if hasCurve { throw BindingError("\(what): give either curve or spring, not both") }
            options.timing = .spring(try spring(L, -1, duration: options.duration, what: "\(what).spring"))
        }
        ah_pop(L, 1)
        let end = options.delay + options.activeDuration
        guard end <= Bounds.seconds else {
            let length = end < 1e15 ? formatNumber((end * 1000).rounded() / 1000) : "\(end)"
            throw BindingError("\(what): delay + duration is \(length) s, past the \(formatNumber(Bounds.seconds)) s a transition may last")
        }
        return options
    }

    /// `spring = {damping = ratio, velocity = v}` is UIKit's damping ratio over the block's duration;
    /// a `spring{…}` object, or a table of its physical fields, runs for its own settling time.
    private static func spring(_ L: OpaquePointer, _ i: Int32, duration: Double, what: String) throws -> Spring {
        if let s = TimingBinding.spring(L, i) { return s }
        guard lua_type(L, i) == LUA_TTABLE else { throw BindingError("\(what): expected {damping = ratio, velocity = v} or spring{…}, got \(typeName(L, i))") }
        let keys = unknownKeys(L, i, allowed: ["damping", "velocity"])
        if !keys.isEmpty { return try TimingBinding.springFromTable(L, i, what: what) }
        rawField(L, i, "damping")
        let ratio = try optionalNumber(L, -1, "\(what).damping") ?? 1
        ah_pop(L, 1)
        rawField(L, i, "velocity")
        let velocity = try optionalNumber(L, -1, "\(what).velocity") ?? 0
        ah_pop(L, 1)
        guard ratio > 0 else { throw BindingError("\(what).damping: the damping ratio must be > 0") }
        guard duration > 0 else { throw BindingError("\(what): a UIKit-style spring needs a duration > 0") }
        return Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
    }

    private static let keyframe: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let start = try checkNumber(L, 1, "keyframe: start")
            let length = try checkNumber(L, 2, "keyframe: length")
            guard lua_type(L, 3) == LUA_TFUNCTION else { throw BindingError("keyframe(start, length, fn): expected a function, got \(typeName(L, 3))") }
            let host = LuaHost.of(L)
            try host.engine.keyframe(start: start, length: length) {
                lua_pushvalue(L, 3)
                try host.callNested(nargs: 0, nresults: 0, on: L)
            }
            return 0
        }
    }
}
