/// The inclusive bounds of `range` restated for magnitudes of one sign: for that sign, value `v`
/// with magnitude `m` is in `[minValue, maxValue]` exactly when `m` is in `[low, high]`
/// (`high == nil`: no upper limit). `isEmpty` when no magnitude of that sign qualifies.
struct MagnitudeBounds {
    var low: UInt64
    var high: UInt64?
    var isEmpty: Bool

    init(negative: Bool, minValue: Int?, maxValue: Int?) {
        if negative {
            // -m >= minValue  <=>  m <= -minValue ;  -m <= maxValue  <=>  m >= -maxValue
            switch minValue {
            case nil: high = nil; isEmpty = false
            case let min? where min > 0: high = 0; isEmpty = true
            case let min?: high = UInt64(min.magnitude); isEmpty = false
            }
            if let max = maxValue, max < 0 { low = UInt64(max.magnitude) } else { low = 0 }
        } else {
            switch maxValue {
            case nil: high = nil; isEmpty = false
            case let max? where max < 0: high = 0; isEmpty = true
            case let max?: high = UInt64(max); isEmpty = false
            }
            if let min = minValue, min > 0 { low = UInt64(min) } else { low = 0 }
        }
        if let high, low > high { isEmpty = true }
    }

    /// Whether magnitude `m` (`nil`: beyond `UInt64`) lies within the bounds.
    func contains(_ magnitude: UInt64?) -> Bool {
        guard !isEmpty else { return false }
        guard let magnitude else { return high == nil }
        return magnitude >= low && magnitude <= (high ?? UInt64.max)
    }

    /// Whether appending one or more digits to a literal of magnitude `prefix` can land in bounds.
    ///
    /// Appending `k` digits to `p` yields exactly the magnitudes `p·10^k ... p·10^k + 10^k − 1`;
    /// those intervals move up with `k`, so the search stops once they pass `high`.
    func admitsContinuation(of prefix: UInt64?) -> Bool {
        guard !isEmpty else { return false }
        guard let high else { return true }   // the intervals eventually reach any low bound
        guard let prefix else { return false } // already beyond every finite bound
        var scale: UInt64 = 1
        while true {
            let (nextScale, scaleOverflow) = scale.multipliedReportingOverflow(by: 10)
            if scaleOverflow { return false }
            scale = nextScale
            let (start, startOverflow) = prefix.multipliedReportingOverflow(by: scale)
            if startOverflow || start > high { return false }
            let (end, endOverflow) = start.addingReportingOverflow(scale - 1)
            if endOverflow || end >= low { return true }
        }
    }
}
