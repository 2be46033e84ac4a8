/// A stack the reader pushes an object's members (or an array's elements) onto while reading
/// them; when the object closes they are moved off into one array of exactly their count.
///
/// Growing one array per object as its members arrive re-allocates it several times; a single
/// stack shared by every object of the document grows once to the widest and deepest point.
/// Elements are moved (never copied) in and out, so no reference count changes on the way.
///
/// The owner calls ``release()`` when done (also after an error), which destroys what is left.
struct JSONScratchStack<Element> {
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private(set) var count = 0

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        guard let base else { return }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = Swift.max(16, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    /// Moves the elements from `start` to the top into a new array, in order, and pops them.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let popped = count - start
        guard popped > 0, let base else { return [] }
        let array = [Element](unsafeUninitializedCapacity: popped) { buffer, initialized in
            if let destination = buffer.baseAddress {
                destination.moveInitialize(from: base + start, count: popped)
                initialized = popped
            }
        }
        count = start
        return array
    }

    /// Moves the top element off the stack (`nil` when it is empty).
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0, let base else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Destroys the elements left and frees the storage.
    mutating func release() {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
        base = nil
        capacity = 0
        count = 0
    }
}

extension JSONScratchStack where Element == JSONReader.Member {
    /// Whether one of the members from `start` to the top has the key `key`.
    @inline(__always)
    func containsKey(_ key: String, from start: Int) -> Bool {
        guard let base else { return false }
        var index = start
        while index < count {
            if base[index].key == key { return true }
            index += 1
        }
        return false
    }

    /// The keys of the members from `start` to the top.
    func keys(from start: Int) -> Set<String> {
        guard let base else { return [] }
        var keys = Set<String>(minimumCapacity: count - start)
        for index in start..<count { keys.insert(base[index].key) }
        return keys
    }
}
