import XCTest
import Foundation
import AnimhostTestSupport

/// Plugins whose output depends on what Lua leaves to chance between processes: the order in which
/// `pairs` meets tables, functions, coroutines, values and nodes used as keys (Lua places them by
/// address), the numbers `tostring` gives values first met in such a walk, and `table.sort` (Lua
/// picks a random pivot in some partitions, which reorders ties and inconsistent comparators).
/// Each is run in several processes; every one must write the same bytes.
final class DeterministicOrderTests: XCTestCase {
    /// Runs `body` as `animate` of a plugin in `runs` separate processes and returns each timeline.
    func timelines(_ body: String, runs: Int = 4) throws -> [String] {
        let work = try temporaryFolder("order")
        try CLI.writeHostilePlugin(body + "\nctx:complete(true)", in: work)
        return try (0..<runs).map { i in
            let r = try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out\(i)"], in: work)
            XCTAssertEqual(r.code, 0, r.err)
            let url = work.appendingPathComponent("out\(i)/timeline.json")
            return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
    }

    /// Asserts every run wrote the same bytes, and that the checks the plugin made hold (its node id says so).
    func assertSame(_ texts: [String], containing mark: String, file: StaticString = #filePath, line: UInt = #line) {
        for (i, text) in texts.enumerated().dropFirst() {
            XCTAssertEqual(text, texts[0], "run \(i) wrote other bytes than run 0", file: file, line: line)
        }
        XCTAssertTrue(texts[0].contains(mark), "the plugin's own checks: \(texts[0].prefix(300))", file: file, line: line)
    }

    /// Keys of every kind a plugin can make, none met before the walk: the walk's order and the
    /// `tostring` numbers it hands out are the same in every process, and follow creation.
    func testKeysThatAreObjectsWalkInTheSameOrderInEveryProcess() throws {
        let texts = try timelines(
            """

            local t, made = {}, {}
            for i = 1, 300 do
              local r = i % 5
              local k
              if r == 0 then k = {} elseif r == 1 then k = function() return i end
              elseif r == 2 then k = coroutine.create(function() end) elseif r == 3 then k = rect(i, 0, 1, 1)
              else k = node{ id = "k" .. i } end
              t[k] = i
              made[i] = k
            end
            local seen, sum, inOrder = {}, 0, true
            local last = 0
            for k, v in pairs(t) do
              seen[#seen + 1] = tostring(k)
              sum = (sum * 31 + v) % 1000003
              if type(k) ~= "userdata" or not tostring(k):find("node") then
                if v < last then inOrder = false end
                last = v
              end
            end
            local names = {}
            for k in pairs({ [print] = 1, [string.rep] = 2, [math.floor] = 3, [ipairs({})] = 4, [next] = 5 }) do names[#names + 1] = tostring(k) end
            ctx.container:add(node{ id = "walk-" .. sum .. "-" .. tostring(inOrder), frame = rect(0, 0, 1, 1) })
            ctx.container:add(node{ id = table.concat(seen, ",", 1, 10), frame = rect(0, 0, 1, 1) })  -- ids hold 256 bytes
            ctx.container:add(node{ id = table.concat(seen, ",", 11, 20), frame = rect(0, 0, 1, 1) })
            ctx.container:add(node{ id = table.concat(names, ","), frame = rect(0, 0, 1, 1) })
            """)
        assertSame(texts, containing: "-true\"")
    }

    /// `table.sort` with ties, with a comparator that contradicts itself, and over a list long enough
    /// that Lua's own sort would randomise its pivot: the same result in every process.
    func testTableSortGivesTheSameResultInEveryProcess() throws {
        let texts = try timelines(
            """

            local n = 4000
            -- Three of the keys 0 where Lua's sort takes its first pivot: the partition runs unbalanced
            -- and Lua's own sort takes later pivots from the clock, reordering the ties.
            local list = {}
            for i = 1, n do list[i] = { key = (i == 1 or i == n or i == 2000) and 0 or 1, tag = i } end
            table.sort(list, function(a, b) return a.key < b.key end)
            local tags = {}
            for i = 1, 8 do tags[i] = list[i].tag end
            local sum = 0
            for i = 1, n do sum = (sum * 31 + list[i].tag) % 1000003 end
            local odd = {}
            for i = 1, n do odd[i] = (i * 104729) % 1009 end
            local ok = pcall(table.sort, odd, function(a, b) return (a + b) % 3 == 0 end)
            local oddSum = 0
            for i = 1, n do oddSum = (oddSum * 31 + odd[i]) % 1000003 end
            ctx.container:add(node{ id = "sorted-" .. table.concat(tags, ".") .. "-" .. sum, frame = rect(0, 0, 1, 1) })
            ctx.container:add(node{ id = "odd-" .. tostring(ok) .. "-" .. oddSum, frame = rect(0, 0, 1, 1) })
            """)
        assertSame(texts, containing: "sorted-")
        // Stable: the ties keep their order of insertion (the keys 0 first, then 2, 3, 4, …).
        XCTAssertTrue(texts[0].contains("sorted-1.2000.4000.2.3.4.5.6-"), String(texts[0].prefix(400)))
    }
}
