// Measures bulk import: N exchange episodes (mixed English and Chinese, with metadata) into a
// fresh database through MemoryService::importDocument. Usage: bench_import [N] (default 50000).
#include "memory/MemoryService.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <ctime>

using namespace engram;

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
    return 0;
}
