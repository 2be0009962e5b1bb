#pragma once

#include <QtGlobal>

#include <cmath>

// The parts of FTS5's bm25() (fts5_aux.c), for episodes scored outside FTS5 so that their scores
// add up with the ones it gives.
namespace engram::bm25 {

constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// log((N - n + 0.5) / (n + 0.5)) for n of N rows holding the term, floored just above zero.
inline double idf(qint64 rows, qint64 frequency)
{
    const double value =
        std::log((static_cast<double>(rows - frequency) + 0.5) / (static_cast<double>(frequency) + 0.5));
    return value > 0 ? value : 1e-6;
}

// A term's part of a row's score, before its idf: `frequency` occurrences (weighted by column)
// in a row of `length` tokens, where rows average `averageLength`.
inline double termFrequency(double frequency, double length, double averageLength)
{
    return frequency * (kK1 + 1) / (frequency + kK1 * (1 - kB + kB * length / averageLength));
}

} // namespace engram::bm25
