#pragma once

#include "core/MemoryTypes.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace engram::test {

// What one run of the real engram-cli executable gave.
struct CliRun
{
    int exitCode{-1};
    QByteArray out;
    QByteArray err;

    // stdout parsed as one JSON document; null (and a test failure message in err) when it is not.
    Json json() const;
    // stdout as JSON Lines.
    QList<Json> jsonLines() const;
    QString errText() const { return QString::fromUtf8(err); }
    QString outText() const { return QString::fromUtf8(out); }
};

// Runs the built engram-cli ($ENGRAM_BINARY_DIR/src/cli/engram-cli) against one database file,
// as a script would: arguments, optional standard input, exit code, stdout and stderr apart.
class CliRunner final
{
public:
    explicit CliRunner(QString databasePath);

    static QString binary();

    // Runs `engram-cli --db PATH [--user USER] ARGS…` (without --db when PATH is empty).
    CliRun run(const QStringList& args, const QByteArray& input = {}) const;
    CliRun runAs(const QString& user, const QStringList& args, const QByteArray& input = {}) const;

    QString databasePath() const { return m_databasePath; }
    // The environment of every run from now on (default: this process's).
    void setEnvironment(const QProcessEnvironment& environment) { m_environment = environment; }
    const QProcessEnvironment& environment() const { return m_environment; }

private:
    QString m_databasePath;
    QProcessEnvironment m_environment{QProcessEnvironment::systemEnvironment()};
};

} // namespace engram::test
