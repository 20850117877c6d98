import XCTest
@testable import AnimhostOutput

final class OrderedJobsTests: XCTestCase {
    func testResultsAreHandedOnInSubmissionOrderWhenJobsFinishOutOfOrder() throws {
        var delivered: [Int] = []
        let jobs = OrderedJobs<Int>(limit: 2) { delivered.append($0) }
        let secondDone = DispatchSemaphore(value: 0)
        try jobs.submit {
            secondDone.wait(); return 0
        }  // cannot finish before the second job has
        try jobs.submit {
            secondDone.signal(); return 1
        }
        for i in 2..<20 { try jobs.submit { i } }
        try jobs.finish()
        XCTAssertEqual(delivered, Array(0..<20))
    }

    func testAFailingJobIsReportedAndNothingAfterItIsHandedOn() throws {
        var delivered: [Int] = []
        let jobs = OrderedJobs<Int>(limit: 1) { delivered.append($0) }
        try jobs.submit { 0 }
        try jobs.submit { throw OutputError("job 1 failed") }
        try? jobs.submit { 2 }
        XCTAssertThrowsError(try jobs.finish()) { XCTAssertTrue("\($0)".contains("job 1 failed"), "\($0)") }
        XCTAssertEqual(delivered, [0])
    }
}
