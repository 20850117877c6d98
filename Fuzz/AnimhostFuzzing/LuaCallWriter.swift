/// Writes a plugin whose `animate` makes a sequence of Lua API calls chosen by `random`.
///
/// The ordinary calls use valid and invalid values of the right shapes; `hostile` adds calls a
/// stranger's plugin could make on purpose: huge, non-finite and negative numbers everywhere a number
/// goes, deep trees, long strings, re-parenting cycles, blocks with odd durations, springs, keyframes
/// and gesture calls, and a hostile `duration`.
public struct LuaCallWriter<Random: FuzzEntropy> {
    /// The source of choices, advanced by every call.
    public var random: Random
    /// Whether to add the hostile calls.
    public let hostile: Bool

    /// A writer taking its choices from `random`; `hostile` adds the hostile calls.
    public init(random: Random, hostile: Bool) { self.random = random; self.hostile = hostile }

    /// A whole plugin: a node added to the container, then 1–10 statements (each in a `pcall` when
    /// hostile, so that one refused call does not hide the calls after it).
    public mutating func plugin() -> String {
        let body = (0..<Int(1 + random.next() % 10)).map { _ in hostile ? "  pcall(function() \(statement(0)) end)" : "  " + statement(0) }
            .joined(separator: "\n")
        let duration = hostile ? hostileNumber() : "0.3"
        return """
            local p = { name = "fuzz", scenes = { from = "grid", to = "detail" } }
            function p.duration(ctx) return \(duration) end
            function p.animate(ctx)
              local n = node{ id = "n", frame = rect(0, 0, 10, 10) }
              ctx.container:add(n)
            \(body)
              if not ctx.cancelled then pcall(ctx.complete, ctx, true) end
            end
            return p
            """
    }

    private mutating func value() -> String {
        random.pick([
            "rect(\(random.number()), 2, 30, 40)", "rect(0, 0, -1, 5)", "point(1, 2)", "size(3, 4)",
            "color('#FF0000')", "'#00FF0080'", "transform.scale(\(random.number()))", "transform.rotate(1)",
            "transform.identity * transform.translate(3, 4)", "0/0", "1/0", "-1", "0.5", "2", "nil", "true", "'aspectFill'",
            "'placeholder:2'", "{}", "{ opacity = 0.5, radius = 8 }", "{ width = 2, color = '#000' }", "{ bogus = 1 }",
            "easing('easeOutBack')", "spring{ dampingRatio = 0.5, response = 0.3 }", "ctx", "ctx.container", "print",
            "ctx.from.view", "node{}", "setmetatable({}, { __index = function() error('x') end })"
        ])
    }

    private mutating func statement(_ depth: Int) -> String {
        let props = [
            "frame", "bounds", "center", "alpha", "transform", "backgroundColor", "cornerRadius", "border",
            "shadow", "image", "contentMode", "clips", "hidden", "zIndex", "tag", "text", "id", "parent", "bogus"
        ]
        let target = random.pick(["n", "ctx.from.view", "ctx.to.view", "ctx.container", "ctx.from.view:find('photo-4')", "ctx.to.delegate:referenceNode(ctx)"])
        switch random.next() % (hostile ? 20 : 12) {
        case 0: return "\(target).\(random.pick(props)) = \(value())"
        case 1: return "local _ = \(target).\(random.pick(props))"
        case 2: return "n = node{ \(random.pick(props)) = \(value()), \(random.pick(props)) = \(value()) }"
        case 3: return "\(random.pick(["ctx.container", "ctx.from.view", "n"])):\(random.pick(["add", "remove", "snapshot", "find", "convert"]))(\(value()))"
        case 4: return "ctx.container:insert(\(value()), { \(random.pick(["below", "above", "beside"])) = \(value()) })"
        case 5 where depth < 3:
            let body = (0..<Int(random.next() % 4)).map { _ in statement(depth + 1) }.joined(separator: "\n")
            return
                "animate{ duration = \(random.number()), \(random.pick(["curve = 'easeOut',", "spring = { damping = 0.7 },", "delay = 0.1,", "curve = 'steps(3)',", ""])) function()\n\(body)\nend, completion = function(f) \(random.chance(0.5) ? "done = true" : statement(depth + 1)) end }"
        case 6 where depth < 3:
            let body = (0..<Int(random.next() % 3)).map { _ in
                "keyframe(\(random.pick(["0", "0.25", "0.5", "0.9", "-1"])), \(random.pick(["0.5", "0.1", "2"])), function() \(statement(depth + 1)) end)"
            }.joined(separator: "\n")
            return "keyframes{ duration = 0.3, function()\n\(body)\nend }"
        case 7: return "local _ = easing(\(random.pick(["'linear'", "'cubic-bezier(0.1, 2, 0.3, -1)'", "'steps(2, jump-none)'", "1", "nil"])))(\(random.number()))"
        case 8: return "local _ = \(random.pick(["ctx.operation", "ctx.size", "ctx.params", "ctx:duration()", "ctx.cancelled", "ctx.from.delegate:referenceFrame(ctx)"]))"
        case 9: return "ctx:complete(\(random.pick(["true", "false", "nil", "1"])))"
        case 10: return "ctx.from.delegate:\(random.pick(["willBegin", "didEnd", "didCancel", "backgroundColor"]))(ctx)"
        case 11: return "pcall(function() \(statement(depth + 1)) end)"
        default: return hostileStatement(depth, target: target)
        }
    }

    // MARK: Hostile calls

    /// Numbers chosen to break arithmetic: signed zero, subnormals, huge finite values, infinities,
    /// NaN, Lua's integer extremes, and the edges of the host's documented limits.
    private mutating func hostileNumber() -> String {
        random.pick([
            "0", "-0.0", "-1", "1e-300", "5e-324", "1e300", "-1e300", "1e308", "math.huge", "-math.huge",
            "0/0", "math.maxinteger", "math.mininteger", "2^53", "2^63", "1e9", "-1e9", "600", "599.9",
            "1e-9", "0.3", "1", "0.5", "\(random.number())"
        ])
    }

    private mutating func hostileStatement(_ depth: Int, target: String) -> String {
        switch random.next() % 8 {
        case 0:
            let depthOfTree = random.pick(["2", "63", "64", "65", "1000", "100000"])
            return "do local d = n; for i = 1, \(depthOfTree) do local c = node{ id = 'd' .. i }; d:add(c); d = c end; local _ = ctx.container:find('d1') end"
        case 1:
            let length = random.pick(["0", "1000", "100000", "200000"])
            let property = random.pick(["text", "id", "tag", "image", "backgroundColor"])
            return "\(target).\(property) = string.rep('\(random.pick(["x", "é", "\\0", "../", "#"]))', \(length))"
        case 2:
            return random.pick([
                "do local a, b = node{}, node{}; a:add(b); b:add(a) end", "n:add(n)", "n:add(ctx.container)",
                "ctx.container:add(ctx.container)", "do local a = node{}; n:add(a); a:add(n) end",
                "ctx.from.view:add(ctx.to.view); ctx.to.view:add(ctx.from.view)", "n.parent = n",
                "do local a = node{}; a:add(n); n:add(a) end"
            ])
        case 3 where depth < 3:
            let body = (0..<Int(random.next() % 3)).map { _ in statement(depth + 1) }.joined(separator: "\n")
            return
                "animate{ duration = \(hostileNumber()), delay = \(hostileNumber()), \(random.pick(["curve = 'linear',", "curve = 'cubic-bezier(0, \(hostileNumber()), 1, \(hostileNumber()))',", "curve = 'steps(\(hostileNumber()))',", ""])) function()\n\(body)\nn.alpha = \(hostileNumber())\nend }"
        case 4:
            let spring = random.pick([
                "{ dampingRatio = \(hostileNumber()), response = \(hostileNumber()), velocity = \(hostileNumber()) }",
                "{ mass = \(hostileNumber()), stiffness = \(hostileNumber()), damping = \(hostileNumber()), velocity = \(hostileNumber()) }",
                "spring{ dampingRatio = \(hostileNumber()), response = \(hostileNumber()) }", "{ damping = 'x' }"
            ])
            return "animate{ duration = \(hostileNumber()), spring = \(spring), function() n.frame = rect(\(hostileNumber()), 0, 10, 10) end }"
        case 5 where depth < 3:
            let body = (0..<Int(1 + random.next() % 3)).map { _ in
                "keyframe(\(hostileNumber()), \(hostileNumber()), function() n.\(random.pick(["alpha", "cornerRadius", "zIndex"])) = \(hostileNumber()) end)"
            }.joined(separator: "\n")
            return "keyframes{ duration = \(hostileNumber()), delay = \(hostileNumber()), function()\n\(body)\nend }"
        case 6:
            return random.pick([
                "n.frame = rect(\(hostileNumber()), \(hostileNumber()), \(hostileNumber()), \(hostileNumber()))",
                "n.shadow = { radius = \(hostileNumber()), opacity = \(hostileNumber()), offset = point(\(hostileNumber()), \(hostileNumber())) }",
                "n.border = { width = \(hostileNumber()), color = '#000' }", "n.cornerRadius = \(hostileNumber())",
                "n.transform = transform.scale(\(hostileNumber())) * transform.rotate(\(hostileNumber()))",
                "n.center = point(\(hostileNumber()), \(hostileNumber()))", "n.zIndex = \(hostileNumber())",
                "local _ = easing('cubic-bezier(\(hostileNumber()), \(hostileNumber()), \(hostileNumber()), \(hostileNumber()))')(\(hostileNumber()))",
                "local _ = easing('steps(\(hostileNumber()), \(random.pick(["jump-none", "start", "end"])))')(\(hostileNumber()))",
                "local _ = rect('a', {}, nil, print)", "local _ = node(5)", "n.frame = 'x'", "local _ = easing({})"
            ])
        default:
            return "pcall(ctx.\(random.pick(["update", "finish", "cancel"])), ctx, \(hostileNumber()))"
        }
    }
}
