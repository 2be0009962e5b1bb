#include "FuzzSupport.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace engram::fuzz {

namespace {

void quietHandler(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type == QtFatalMsg) {
        std::fprintf(stderr, "Qt fatal: %s\n", qUtf8Printable(message));
        std::abort();
    }
}

} // namespace

void initQt()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "engram-fuzz";
    static char* argv[] = {name, nullptr};
    qInstallMessageHandler(quietHandler);
    new QCoreApplication(argc, argv); // lives as long as the process
}

QByteArray bytes(const uint8_t* data, size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
}

QString text(const uint8_t* data, size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
}

void fail(const char* invariant, const QString& detail)
{
    std::fprintf(stderr, "\n==== fuzz invariant broken: %s\n%s\n", invariant, qUtf8Printable(detail));
    std::fflush(stderr);
    std::abort();
}

} // namespace engram::fuzz
