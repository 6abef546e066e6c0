#pragma once
// The minimum-byte model behind every GB/s the bench prints: the bytes a
// kernel cannot avoid moving if every array is touched exactly once (CSR
// with 64-bit offsets and 32-bit indices, float values when the graph is
// weighted (a pattern graph stores none), float vectors). Real
// kernels move more (x is gathered, not streamed), so GB/s under this model
// is a lower bound on achieved traffic and comparable across kernels and
// formats.
#include <cstddef>
#include <cstdint>

namespace graphrun::bench {

// CSR arrays: offsets (n + 1) * 8 + indices nnz * 4 (+ values nnz * 4 when
// weighted).
double csr_bytes(std::int64_t rows, std::int64_t entries, bool weighted);
// SpMV: CSR arrays + x n * 4 + y n * 4.
double spmv_bytes(std::int64_t n, std::int64_t entries, bool weighted);
// SpMM with F columns: CSR arrays + X n * F * 4 + Y n * F * 4.
double spmm_bytes(std::int64_t n, std::int64_t entries, std::size_t width, bool weighted);
// One multiply and one add per stored entry (and per column for SpMM).
double spmv_flops(std::int64_t entries);
double spmm_flops(std::int64_t entries, std::size_t width);

// GB/s (10^9 bytes per second) and GFLOP/s from milliseconds.
double giga_per_second(double amount, double milliseconds);

// The model in one sentence, printed in the output header and the report.
const char* byte_model_description();

}  // namespace graphrun::bench
