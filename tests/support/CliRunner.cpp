#include "CliRunner.h"

#include <QDir>
#include <QProcess>

namespace engram::test {

Json CliRun::json() const
{
    try {
        return Json::parse(out.constData(), out.constData() + out.size());
    } catch (const Json::exception&) {
        return Json();
    }
}

QList<Json> CliRun::jsonLines() const
{
    QList<Json> lines;
    for (const QByteArray& line : out.split('\n')) {
        if (line.isEmpty())
            continue;
        try {
            lines.append(Json::parse(line.constData(), line.constData() + line.size()));
        } catch (const Json::exception&) {
            lines.append(Json());
        }
    }
    return lines;
}

CliRunner::CliRunner(QString databasePath)
    : m_databasePath(std::move(databasePath))
{}

QString CliRunner::binary()
{
    const QString dir = qEnvironmentVariable("ENGRAM_BINARY_DIR", QDir::currentPath());
    return QDir(dir).absoluteFilePath(QStringLiteral("src/cli/engram-cli"));
}

CliRun CliRunner::run(const QStringList& args, const QByteArray& input) const
{
    return runAs(QString(), args, input);
}

CliRun CliRunner::runAs(const QString& user, const QStringList& args, const QByteArray& input) const
{
    QStringList all;
    if (!m_databasePath.isEmpty())
        all << QStringLiteral("--db") << m_databasePath;
    if (!user.isEmpty())
        all << QStringLiteral("--user") << user;
    all += args;
    QProcess process;
    process.setProcessEnvironment(m_environment);
    process.start(binary(), all);
    CliRun result;
    if (!process.waitForStarted(30000)) {
        result.err = QByteArrayLiteral("cannot start ") + binary().toUtf8();
        return result;
    }
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(240000);
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return result;
}

} // namespace engram::test
