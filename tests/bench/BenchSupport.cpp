#include "BenchSupport.h"

#include "CorpusGenerator.h"

#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QSysInfo>
#include <QThread>

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>

namespace engram::bench {
namespace {

[[noreturn]] void usageExit(const QString& usage, int code)
{
    std::fprintf(code == 0 ? stdout : stderr, "%s\n", qPrintable(usage));
    std::exit(code);
}

QList<int> parseSizes(const QString& text)
{
    QList<int> sizes;
    for (QString part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        part = part.trimmed().toLower();
        int factor = 1;
        if (part.endsWith(QLatin1Char('k'))) {
            factor = 1000;
            part.chop(1);
        } else if (part.endsWith(QLatin1Char('m'))) {
            factor = 1000000;
            part.chop(1);
        }
        bool ok = false;
        const int n = part.toInt(&ok);
        if (ok && n > 0)
            sizes.append(n * factor);
    }
    return sizes;
}

} // namespace

BenchOptions parseOptions(const QStringList& arguments, const QString& usage)
{
    const QString common = QStringLiteral(
        "\nOptions:\n"
        "  --quick        a short run, as described above (all of scripts/bench.sh --quick in under two minutes)\n"
        "  --json FILE    also write the tables and raw numbers as JSON\n"
        "  --data DIR     the folder with memdaily/ and realtalk/ (default: <source>/../shared/data)\n"
        "  --work DIR     where the benchmark databases are created (default: a temporary folder)\n"
        "  --only A,B     run only these sections\n"
        "  --sizes N,N    episode counts of the scale benchmark (1k, 10k, 100k, 1m)\n"
        "  --limit N      at most N stores of each data set (a smoke run)\n");
    BenchOptions o;
    for (int i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments.at(i);
        const auto value = [&]() -> QString {
            if (i + 1 >= arguments.size())
                usageExit(QStringLiteral("%1 needs a value\n%2%3").arg(a, usage, common), 2);
            return arguments.at(++i);
        };
        if (a == QLatin1String("--quick"))
            o.quick = true;
        else if (a == QLatin1String("--json"))
            o.jsonPath = value();
        else if (a == QLatin1String("--data"))
            o.dataDir = value();
        else if (a == QLatin1String("--work"))
            o.workDir = value();
        else if (a == QLatin1String("--only"))
            o.only = value().split(QLatin1Char(','), Qt::SkipEmptyParts);
        else if (a == QLatin1String("--sizes"))
            o.sizes = parseSizes(value());
        else if (a == QLatin1String("--limit"))
            o.limit = std::max(0, value().toInt());
        else if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            usageExit(usage + common, 0);
        else
            usageExit(QStringLiteral("Unknown option %1\n%2%3").arg(a, usage, common), 2);
    }
    o.dataDir = resolveDataDir(o.dataDir);
    return o;
}

QString resolveDataDir(const QString& flag)
{
    if (!flag.isEmpty())
        return QDir(flag).absolutePath();
    const QString env = qEnvironmentVariable("ENGRAM_DATA_DIR");
    if (!env.isEmpty())
        return QDir(env).absolutePath();
    QString source = qEnvironmentVariable("ENGRAM_SOURCE_DIR");
    if (source.isEmpty())
        source = QStringLiteral(ENGRAM_BENCH_SOURCE_DIR);
    return QDir(source).absoluteFilePath(QStringLiteral("../shared/data"));
}

Json Latency::toJson() const
{
    return Json{{"p50_ms", p50}, {"p95_ms", p95}, {"p99_ms", p99}, {"mean_ms", mean}, {"count", count}};
}

Latency latencyOf(std::vector<double> millis)
{
    Latency l;
    if (millis.empty())
        return l;
    std::sort(millis.begin(), millis.end());
    // Nearest-rank percentiles: the value below which p % of the sample lies.
    const auto at = [&](double p) {
        const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(millis.size())));
        return millis[std::clamp<std::size_t>(rank, 1, millis.size()) - 1];
    };
    l.p50 = at(50);
    l.p95 = at(95);
    l.p99 = at(99);
    l.mean = std::accumulate(millis.begin(), millis.end(), 0.0) / static_cast<double>(millis.size());
    l.count = static_cast<int>(millis.size());
    return l;
}

double elapsedMs(const QElapsedTimer& timer)
{
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

namespace {

double threadCpuNow()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

} // namespace

void Stopwatch::restart()
{
    m_cpuStart = threadCpuNow();
    m_wall.start();
}

double Stopwatch::wallMs() const
{
    return elapsedMs(m_wall);
}

double Stopwatch::cpuMs() const
{
    return threadCpuNow() - m_cpuStart;
}

double loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const double load = QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 0).toDouble(&ok);
    return ok ? load : -1;
}

qint64 peakRssBytes()
{
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
    return static_cast<qint64>(usage.ru_maxrss) * 1024; // Linux reports kilobytes
}

QString num(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString ratio(double value)
{
    if (value >= 100)
        return QString::number(value, 'f', 0) + QChar(0x00D7);
    return QString::number(value, 'f', value >= 10 ? 1 : 2) + QChar(0x00D7);
}

QString bytes(qint64 value)
{
    const double v = static_cast<double>(value);
    if (v >= 1024.0 * 1024 * 1024)
        return num(v / (1024.0 * 1024 * 1024), 2) + QStringLiteral(" GB");
    if (v >= 1024.0 * 1024)
        return num(v / (1024.0 * 1024), 1) + QStringLiteral(" MB");
    if (v >= 1024.0)
        return num(v / 1024.0, 1) + QStringLiteral(" KB");
    return QString::number(value) + QStringLiteral(" B");
}

Table::Table(QString title, QStringList columns)
    : m_title(std::move(title))
    , m_columns(std::move(columns))
{}

void Table::addRow(const QStringList& cells)
{
    m_rows.append(cells);
}

void Table::addNote(const QString& note)
{
    m_notes.append(note);
}

void Table::print() const
{
    QList<qsizetype> widths;
    for (const QString& c : m_columns)
        widths.append(c.size());
    for (const QStringList& row : m_rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row.at(i).size());
    }
    const auto line = [&](const QStringList& cells) {
        QString out = QStringLiteral("|");
        for (qsizetype i = 0; i < widths.size(); ++i) {
            const QString cell = i < cells.size() ? cells.at(i) : QString();
            out += QLatin1Char(' ') + (i == 0 ? cell.leftJustified(widths[i]) : cell.rightJustified(widths[i])) +
                   QStringLiteral(" |");
        }
        return out;
    };
    QString text = QStringLiteral("\n### ") + m_title + QStringLiteral("\n\n") + line(m_columns) + QLatin1Char('\n');
    QString rule = QStringLiteral("|");
    for (qsizetype i = 0; i < widths.size(); ++i)
        rule += (i == 0 ? QStringLiteral(" :") : QStringLiteral(" ")) + QString(widths[i] - 1, QLatin1Char('-')) +
                (i == 0 ? QStringLiteral(" |") : QStringLiteral(": |"));
    text += rule + QLatin1Char('\n');
    for (const QStringList& row : m_rows)
        text += line(row) + QLatin1Char('\n');
    for (const QString& note : m_notes)
        text += QStringLiteral("\n") + note + QLatin1Char('\n');
    std::fputs(text.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

Json Table::toJson() const
{
    Json rows = Json::array();
    for (const QStringList& row : m_rows) {
        Json cells = Json::array();
        for (const QString& c : row)
            cells.push_back(c.toStdString());
        rows.push_back(cells);
    }
    Json columns = Json::array();
    for (const QString& c : m_columns)
        columns.push_back(c.toStdString());
    Json notes = Json::array();
    for (const QString& n : m_notes)
        notes.push_back(n.toStdString());
    return Json{{"title", m_title.toStdString()}, {"columns", columns}, {"rows", rows}, {"notes", notes}};
}

Report::Report(const QString& benchmark)
{
    m_root = Json{{"benchmark", benchmark.toStdString()},
                  {"machine", Json{{"cpu_cores", QThread::idealThreadCount()},
                                   {"os", QSysInfo::prettyProductName().toStdString()},
                                   {"kernel", QSysInfo::kernelVersion().toStdString()},
                                   {"qt", qVersion()},
                                   {"load_average_at_start", loadAverage()}}},
                  {"tables", Json::array()}};
}

void Report::add(const Table& table)
{
    table.print();
    m_root["tables"].push_back(table.toJson());
}

bool Report::write(const QString& path) const
{
    if (path.isEmpty())
        return true;
    Json doc = m_root;
    doc["machine"]["load_average_at_end"] = loadAverage();
    doc["values"] = m_values;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "Cannot write %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    file.write(QByteArray::fromStdString(doc.dump(2)));
    return true;
}

double bulkImport(const CorpusGenerator& gen, qint64 first, int n, Database& db,
                  const std::function<Status(const QList<GeneratedEpisode>&, const QStringList&, qint64)>& insert)
{
    constexpr int batchSize = 5000;
    Transaction tx(db);
    check(tx.begin(), "begin");
    qint64 nanos = 0;
    for (qint64 from = first; from < first + n; from += batchSize) {
        QList<GeneratedEpisode> batch;
        QStringList ids;
        for (qint64 i = from; i < std::min(first + n, from + batchSize); ++i) {
            batch.append(gen.episode(i));
            ids.append(newId());
        }
        QElapsedTimer timer;
        timer.start();
        check(insert(batch, ids, from), "insert");
        nanos += timer.nsecsElapsed();
    }
    QElapsedTimer timer;
    timer.start();
    check(tx.commit(), "commit");
    nanos += timer.nsecsElapsed();
    return n / (static_cast<double>(nanos) / 1e9);
}

QStringList queriesAbout(const CorpusGenerator& gen, int n, int count, qint64 first)
{
    SplitMix rng(0xC0FFEEULL + static_cast<quint64>(n));
    QStringList list;
    for (int i = 0; i < count; ++i)
        list.append(gen.query(first + rng.below(n), i));
    return list;
}

Latency timeEach(const QStringList& list, int count, const std::function<void(const QString&)>& run, Latency* cpu,
                 double budgetMs)
{
    for (int i = 0; i < std::min<int>(5, static_cast<int>(list.size())); ++i)
        run(list.at(i));
    std::vector<double> wall;
    std::vector<double> thread;
    const Stopwatch total;
    for (int i = 0; i < count && i < list.size(); ++i) {
        const Stopwatch watch;
        run(list.at(i));
        wall.push_back(watch.wallMs());
        thread.push_back(watch.cpuMs());
        if (budgetMs > 0 && total.wallMs() > budgetMs && wall.size() >= 5)
            break;
    }
    if (cpu)
        *cpu = latencyOf(thread);
    return latencyOf(wall);
}

void removeDatabase(const QString& path)
{
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
}

Episode storedEpisode(const GeneratedEpisode& g, const QString& userId)
{
    Episode e;
    e.id = newId();
    e.userId = userId;
    e.kind = g.summary ? EpisodeKind::Summary : EpisodeKind::Exchange;
    e.content = g.content;
    e.response = g.response;
    e.topicKey = g.topic;
    e.conversationId = g.conversation;
    e.createdAt = e.updatedAt = e.lastAccessAt = g.time;
    return e;
}

} // namespace engram::bench
