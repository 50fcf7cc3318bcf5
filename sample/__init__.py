"""Simulated championships: the demo's, the tests' and the benchmarks' data."""
