/// Every benchmark group, in the order they print. Each group lives in its own file.
func allBenchmarkGroups() -> [BenchmarkGroup] {
    [
        jsonBenchmarks(),
        maskingBenchmarks(),
        validationBenchmarks(),
        brandBenchmarks(),
        encryptionBenchmarks(),
        formEngineBenchmarks(),
    ]
}
