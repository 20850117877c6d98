import XCTest
import CLua
@testable import AnimhostLua

/// The host's own Lua files are compiled once per process and later states load that bytecode: what
/// they load must be exactly what compiling the text gives (Lua's own compiler is the oracle),
/// line information and chunk name included.
final class LuaResourcesTests: XCTestCase {
    /// The bytecode of the function on top of `host`'s stack, with its debug information.
    private func dump(_ host: LuaHost) -> [UInt8] {
        var code: [UInt8] = []
        let writer: lua_Writer = { _, piece, size, buffer in
            buffer!.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: UnsafeRawBufferPointer(start: piece, count: size))
            return 0
        }
        _ = withUnsafeMutablePointer(to: &code) { lua_dump(host.L, writer, $0, 0) }
        return code
    }

    func testEveryStateLoadsWhatCompilingTheTextGives() throws {
        for (name, chunk) in [("prelude", "animhost/prelude.lua"), ("shared", "shared.lua"), ("modifiers", "modifiers.lua"), ("presets", "presets.lua")] {
            let first = try LuaHost(chunkName: "a.lua", printPrefix: "a"), second = try LuaHost(chunkName: "b.lua", printPrefix: "b")
            try LuaResources.load(name, chunkName: chunk, in: first)  // compiled here unless an earlier state did
            try LuaResources.load(name, chunkName: chunk, in: second)  // from the bytecode either way
            try first.load(source: try LuaResources.source(name), chunkName: chunk)
            let compiled = dump(first)
            XCTAssertFalse(compiled.isEmpty)
            XCTAssertNotNil(String(decoding: compiled, as: UTF8.self).range(of: chunk), name)  // the chunk's name is kept
            XCTAssertEqual(dump(second), compiled, name)
            var info = lua_Debug()
            lua_pushvalue(second.L, -1)
            XCTAssertNotEqual(lua_getinfo(second.L, ">S", &info), 0)
            XCTAssertEqual(String(cString: info.source), "@" + chunk, name)  // messages name the file as before
        }
    }

    /// Only the shipped files are read, and a name that is not one of them says the install is incomplete,
    /// whatever it names on disk (a path, a parent folder).
    func testOnlyTheShippedFilesAreRead() throws {
        let host = try LuaHost(chunkName: "a.lua", printPrefix: "a")
        for name in ["nosuch", "../Lua/prelude", "/etc/passwd", ""] {
            XCTAssertThrowsError(try LuaResources.load(name, chunkName: "x.lua", in: host), name) { error in
                XCTAssertTrue("\(error)".contains("\(name).lua is missing from the resources beside the executable: reinstall animhost"), "\(error)")
            }
        }
    }
}
