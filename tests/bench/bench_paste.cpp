// Big input in the chat box: how long the GUI thread is busy when a 10 MB text is pasted into
// the chat input (it is cut to ChatInput::kMaxChars, saying so), and for a paste at the limit.
// Prints a Markdown table; not a test (wall-clock figures depend on the machine).
//
//   QT_QPA_PLATFORM=offscreen bench_paste [--mb 10] [--runs 3]
#include "gui/ChatInput.h"

#include <QApplication>
#include <QClipboard>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QTextStream>

#include <algorithm>

using namespace engram;

namespace {

// The resident memory of this process now, in MB (Linux), or -1.
double residentMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

// Milliseconds the GUI thread spends on one paste of `text` into an empty box, shown on screen,
// until its events are handled (layout and paint included).
double pasteMillis(const QString& text, qsizetype& kept)
{
    ChatInput input;
    input.resize(600, 120);
    input.show();
    QApplication::processEvents();
    QApplication::clipboard()->setText(text);
    QElapsedTimer timer;
    timer.start();
    input.paste();
    QApplication::processEvents();
    const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    kept = input.text().size();
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("mb"), QStringLiteral("Size of the big paste in MB (default 10)."),
                      QStringLiteral("MB"), QStringLiteral("10")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs of each paste (default 3)."), QStringLiteral("N"),
                      QStringLiteral("3")});
    parser.addOption({QStringLiteral("quick"), QStringLiteral("One run.")});
    parser.process(app);
    const int runs =
        parser.isSet(QStringLiteral("quick")) ? 1 : std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const qsizetype bytes = static_cast<qsizetype>(parser.value(QStringLiteral("mb")).toDouble() * 1024 * 1024);

    // Lines of mixed text, like a pasted log or document.
    const QString line =
        QStringLiteral("2026-12-01 22:31:19 worker 7 restarted after 限流 at 200/min; see ticket 4521\n");
    QString big;
    big.reserve(bytes);
    while (big.size() < bytes)
        big += line;
    big.truncate(bytes);
    const QString atLimit = big.left(ChatInput::kMaxChars);

    QTextStream out(stdout);
    out << "| paste | characters | kept | GUI thread, best of " << runs << " (ms) | resident after (MB) |\n";
    out << "|---|---:|---:|---:|---:|\n";
    for (const auto& [name, text] : {std::pair<const char*, const QString*>{"big", &big},
                                     std::pair<const char*, const QString*>{"at the limit", &atLimit}}) {
        double best = -1;
        qsizetype kept = 0;
        for (int i = 0; i < runs; ++i) {
            const double ms = pasteMillis(*text, kept);
            best = best < 0 ? ms : std::min(best, ms);
        }
        out << "| " << name << " | " << text->size() << " | " << kept << " | " << QString::number(best, 'f', 1) << " | "
            << QString::number(residentMb(), 'f', 0) << " |\n";
    }
    return 0;
}
