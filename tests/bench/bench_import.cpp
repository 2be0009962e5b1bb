// Measures bulk import: N exchange episodes (mixed English and Chinese, with metadata) into a
// fresh database through MemoryService::importDocument. Usage: bench_import [N] (default 50000).
// Then the one-time upgrade of a memory of N exchanges (conversations of 20) from schema
// version 4, which computes every exchange's neighbouring turns and rebuilds the episode index.
#include "memory/MemoryService.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <ctime>

using namespace engram;

namespace {

// Milliseconds Database::open takes to bring a version-4 file of `n` exchanges up to date.
qint64 upgradeFromVersion4(const QString& path, int n, const QString& cjk)
{
    {
        auto v4 = Database::openAtVersion(path, 4);
        if (!v4)
            qFatal("%s", qPrintable(v4.errorMessage()));
        Database& db = **v4;
        if (!sql::execute(db.connection(), QStringLiteral("INSERT INTO users (id, display_name, created_at) "
                                                          "VALUES ('bench', 'bench', 0)")))
            qFatal("cannot add the user");
        Transaction tx(db);
        if (!tx.begin())
            qFatal("cannot begin");
        EpisodeStore store(db);
        QList<Episode> batch;
        const QDateTime start(QDate(2025, 1, 1), QTime(10, 0), Qt::UTC);
        for (int i = 0; i < n; ++i) {
            Episode e;
            e.id = QStringLiteral("e%1").arg(i);
            e.userId = QStringLiteral("bench");
            e.content = QStringLiteral("message %1 about %2").arg(i).arg(cjk.mid(i % 10, 6));
            e.response = QStringLiteral("a short gist of the reply");
            e.conversationId = QStringLiteral("c%1").arg(i / 20);
            e.createdAt = e.updatedAt = e.lastAccessAt = start.addSecs(60LL * i);
            batch.append(e);
            if (batch.size() == 1000 || i == n - 1) {
                if (!store.insertAll(batch))
                    qFatal("cannot insert");
                batch.clear();
            }
        }
        if (!tx.commit())
            qFatal("cannot commit");
    }
    QElapsedTimer wall;
    {
        // The same clear at version 4, on a copy, for comparison.
        const QString copy = path + QStringLiteral(".v4copy");
        if (!QFile::copy(path, copy))
            qFatal("cannot copy");
        auto v4 = Database::openAtVersion(copy, 4);
        if (!v4)
            qFatal("%s", qPrintable(v4.errorMessage()));
        wall.start();
        if (!sql::execute((*v4)->connection(), QStringLiteral("DELETE FROM episodes WHERE user_id = 'bench'")))
            qFatal("cannot delete");
        QTextStream(stdout) << "deleting them all at version 4 took " << wall.elapsed() << " ms\n";
    }
    wall.start();
    auto latest = Database::open(path);
    if (!latest)
        qFatal("%s", qPrintable(latest.errorMessage()));
    const qint64 upgradeMs = wall.elapsed();
    // Clearing the user's memory: each deleted exchange refreshes its neighbours' context.
    wall.restart();
    auto removed = EpisodeStore(**latest).removeAllOf(QStringLiteral("bench"));
    if (!removed)
        qFatal("%s", qPrintable(removed.errorMessage()));
    QTextStream(stdout) << "then deleted all " << *removed << " of them in " << wall.elapsed() << " ms\n";
    return upgradeMs;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 50000;
    const char* words[] = {"project", "deadline", "budget", "rate", "limit", "release", "review", "customer"};
    const QString cjk = QStringLiteral("电商短视频项目预算限流上线设计评审");
    Json doc = Json::object();
    doc["format"] = "engram-memory";
    doc["version"] = 1;
    doc["episodes"] = Json::array();
    for (int i = 0; i < n; ++i) {
        QString text;
        for (int w = 0; w < 10; ++w)
            text += QLatin1String(words[(i * 7 + w * 3) % 8]) + QLatin1Char(' ');
        text += cjk.mid(i % 10, 6) + QStringLiteral(" #%1").arg(i);
        Json e = Json::object();
        e["content"] = text.toStdString();
        e["response"] = "a short gist of the reply";
        e["created_at"] = QStringLiteral("2025-%1-%2T10:00:00Z")
                              .arg(i % 12 + 1, 2, 10, QLatin1Char('0'))
                              .arg(i % 28 + 1, 2, 10, QLatin1Char('0'))
                              .toStdString();
        e["metadata"] = Json::object({{"n", i}});
        doc["episodes"].push_back(e);
    }
    const QByteArray bytes = QByteArray::fromStdString(doc.dump());

    QTemporaryDir dir;
    auto memory = MemoryService::open(dir.filePath(QStringLiteral("bench.sqlite")));
    if (!memory) {
        QTextStream(stderr) << memory.errorMessage() << '\n';
        return 1;
    }
    QElapsedTimer wall;
    wall.start();
    const std::clock_t cpu = std::clock();
    auto report = (*memory)->importDocument(QStringLiteral("bench"), bytes);
    const double cpuMs = 1000.0 * static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC;
    const qint64 wallMs = wall.elapsed();
    if (!report) {
        QTextStream(stderr) << report.errorMessage() << '\n';
        return 1;
    }
    QTextStream(stdout) << "imported " << report->added() << " episodes (" << bytes.size() / 1024
                        << " KiB of JSON): parse + write " << wallMs << " ms wall, " << qRound(cpuMs)
                        << " ms CPU; write alone " << report->elapsedMs
                        << " ms = " << (report->elapsedMs > 0 ? report->added() * 1000LL / report->elapsedMs : 0)
                        << " episodes/s (wall)\n";
    memory->reset();
    const qint64 upgradeMs = upgradeFromVersion4(dir.filePath(QStringLiteral("v4.sqlite")), n, cjk);
    QTextStream(stdout) << "upgraded a memory of " << n << " exchanges from schema version 4 in " << upgradeMs
                        << " ms (wall, a backup first, then the neighbouring turns and a new episode index)\n";
    return 0;
}
