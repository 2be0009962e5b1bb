#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

// What every bench executable shares: options, timing statistics, tables printed as Markdown
// (so a run can be pasted into docs/BENCHMARKS.md) and the JSON report.
namespace engram {
class Database;
}

namespace engram::bench {

class CorpusGenerator;

struct BenchOptions
{
    bool quick{};
    QString jsonPath; // --json FILE: also write every table and raw number there
    QString dataDir;  // --data DIR: the folder holding memdaily/ and realtalk/
    QString workDir;  // --work DIR: where the benchmark databases are created (default: a temp folder)
    QStringList only; // --only a,b: run only these sections
    QList<int> sizes; // --sizes 1000,10000: scale benchmark sizes
    int limit{};      // --limit N: at most N stores per data set (a smoke run); 0 = all
    bool wants(const QString& section) const { return only.isEmpty() || only.contains(section); }
};

// Parses the shared options; prints usage and exits on --help or an unknown option.
BenchOptions parseOptions(const QStringList& arguments, const QString& usage);

// The shared data folder: --data, else $ENGRAM_DATA_DIR, else <source>/../shared/data.
QString resolveDataDir(const QString& flag);

// A benchmark cannot go on without the step: stops the run with its error.
template <typename T>
T check(Result<T> r, const char* what)
{
    if (!r)
        qFatal("%s failed: %s", what, qPrintable(r.errorMessage()));
    return std::move(r).value();
}

inline void check(const Status& st, const char* what)
{
    if (!st)
        qFatal("%s failed: %s", what, qPrintable(st.errorMessage()));
}

struct GeneratedEpisode;
// The generated episode as the user's stored episode (a new id; times from the generator).
Episode storedEpisode(const GeneratedEpisode& g, const QString& userId);

// Removes a database file with its -wal and -shm.
void removeDatabase(const QString& path);

// Percentiles of a latency sample, in milliseconds.
struct Latency
{
    double p50{};
    double p95{};
    double p99{};
    double mean{};
    int count{};
    Json toJson() const;
};
Latency latencyOf(std::vector<double> millis);

// Inserts generated episodes [first, first + n) in one transaction, 5,000 to a call of `insert`
// (given the batch, a new id for each and the index of its first episode); only the inserts and
// the commit are timed, not the generation. Episodes per second.
double bulkImport(const CorpusGenerator& gen, qint64 first, int n, Database& db,
                  const std::function<Status(const QList<GeneratedEpisode>&, const QStringList&, qint64)>& insert);

// `count` questions about episodes in [first, first + n), the same for the same arguments.
QStringList queriesAbout(const CorpusGenerator& gen, int n, int count, qint64 first = 0);

// Times `run` over the first `count` queries (after a few untimed ones that warm the caches),
// stopping early once `budgetMs` of wall time is spent: the slow baselines take seconds a query
// at a million rows. With `cpu`, the thread's CPU time of each call goes there.
Latency timeEach(const QStringList& list, int count, const std::function<void(const QString&)>& run,
                 Latency* cpu = nullptr, double budgetMs = 0);

// Milliseconds since start, with sub-millisecond resolution.
double elapsedMs(const QElapsedTimer& timer);

// Wall time and the CPU time of the calling thread: on a machine shared with other work the
// CPU time shows what an operation costs when the wall time is stretched by waiting for a core.
class Stopwatch final
{
public:
    Stopwatch() { restart(); }
    void restart();
    double wallMs() const;
    double cpuMs() const;

private:
    QElapsedTimer m_wall;
    double m_cpuStart{};
};

// The 1-minute load average (from /proc/loadavg), or -1.
double loadAverage();

// The peak resident set of this process so far (getrusage ru_maxrss), in bytes.
qint64 peakRssBytes();

QString num(double value, int decimals = 2);
QString ratio(double value); // "3.2×"
QString bytes(qint64 value); // "12.3 MB"

// One result table: printed as Markdown, kept in the JSON report.
class Table final
{
public:
    Table(QString title, QStringList columns);

    void addRow(const QStringList& cells);
    void addNote(const QString& note);
    void print() const;
    Json toJson() const;

private:
    QString m_title;
    QStringList m_columns;
    QList<QStringList> m_rows;
    QStringList m_notes;
};

// Everything a run measured: tables plus raw values, written with --json.
class Report final
{
public:
    explicit Report(const QString& benchmark);

    // Prints the table and keeps it.
    void add(const Table& table);
    Json& values() { return m_values; }
    // Writes the report when a path was given; false (with a message) when the file cannot be written.
    bool write(const QString& path) const;

private:
    Json m_root;
    Json m_values = Json::object();
};

} // namespace engram::bench
