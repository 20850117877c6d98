import Foundation

/// `animhost new`: a starting plugin and a passing spec for it.
public enum Scaffold {
    /// Writes `NAME.lua` and `NAME_spec.lua` into `folder`, refusing to overwrite; returns their URLs.
    public static func create(name: String, in folder: URL) throws -> [URL] {
        guard name.range(of: #"^[a-z][a-z0-9_-]*$"#, options: .regularExpression) != nil else {
            throw ScaffoldError("'\(name)': a plugin name is lowercase letters, digits, '-' and '_', starting with a letter")
        }
        let files = [(folder.appendingPathComponent(name + ".lua"), plugin(name)),
                     (folder.appendingPathComponent(name + "_spec.lua"), spec(name))]
        for (url, _) in files where FileManager.default.fileExists(atPath: url.path) {
            throw ScaffoldError("\(url.path) exists already; nothing was written")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (url, text) in files { try text.write(to: url, atomically: true, encoding: .utf8) }
        return files.map(\.0)
    }

    static func plugin(_ name: String) -> String {
        """
        -- \(name): the destination fades in over the source; popping fades the source out.
        -- Change `animate` to make it yours: docs/writing-plugins.md explains every part.

        ---@type Plugin
        local plugin = {
          name = "\(name)",
          summary = "The destination fades in over the source",
          params = { duration = 0.3 },
          scenes = { from = "news", to = "article" },
        }

        function plugin.duration(ctx)
          return ctx.params.duration
        end

        function plugin.animate(ctx)
          if ctx.presenting then
            ctx.container:add(ctx.to.view)
            ctx.to.view.alpha = 0
            animate{
              duration = ctx:duration(),
              curve = "easeOut",
              function() ctx.to.view.alpha = 1 end,
              completion = function() ctx:complete(not ctx.cancelled) end,
            }
          else
            ctx.container:insert(ctx.to.view, { below = ctx.from.view })
            animate{
              duration = ctx:duration(),
              curve = "easeIn",
              function() ctx.from.view.alpha = 0 end,
              completion = function()
                ctx.from.view.alpha = 1
                ctx:complete(not ctx.cancelled)
              end,
            }
          end
        end

        return plugin

        """
    }

    static func spec(_ name: String) -> String {
        """
        -- Specs for \(name): run them with `animhost test`.
        describe("\(name)", function()
          it("fades the article in over the list", function()
            local run = animhost.run{ plugin = "\(name)" }
            assert.is_true(run.completed)
            assert.are.equal(0, run:frame(0):node("article").opacity)
            assert.are.equal(1, run:frame(-1):node("article").opacity)
            assert.is_nil(run:frame(-1):node("news"))
          end)

          it("fades the article out when popping", function()
            local run = animhost.run{ plugin = "\(name)", operation = "pop" }
            assert.is_true(run.completed)
            assert.is_nil(run:frame(-1):node("article"))
            assert.are.equal(1, run:frame(-1):node("news").opacity)
          end)
        end)

        """
    }
}

/// A scaffold that cannot be written.
public struct ScaffoldError: Error, CustomStringConvertible {
    public let description: String
    init(_ message: String) { description = message }
}
