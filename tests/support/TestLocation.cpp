#include "TestLocation.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace engram::test {
namespace {

QAtomicInt g_databases;

// Runs `statement` on the server's maintenance database (PGDATABASE, "postgres").
void administer(const QString& statement)
{
    const QString name = QStringLiteral("engram-test-admin");
    {
        QSqlDatabase db = QSqlDatabase::contains(name) ? QSqlDatabase::database(name)
                                                       : QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        if (!db.isOpen() && !db.open())
            qFatal("ENGRAM_TEST_BACKEND=postgres, but the server cannot be reached (run the suite through "
                   "scripts/with-postgres.sh): %s",
                   qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        if (!q.exec(statement))
            qFatal("%s failed: %s", qPrintable(statement), qPrintable(q.lastError().text()));
    }
}

} // namespace

bool onServer()
{
    return qEnvironmentVariable("ENGRAM_TEST_BACKEND") == QLatin1String("postgres");
}

TestLocation::TestLocation(const QString& dir, const QString& fileName)
{
    if (!onServer()) {
        m_text = QDir(dir).filePath(fileName);
    } else {
        m_database = QStringLiteral("engram_test_%1_%2")
                         .arg(QCoreApplication::applicationPid())
                         .arg(g_databases.fetchAndAddRelaxed(1));
        administer(QStringLiteral("CREATE DATABASE %1").arg(m_database));
        // Host, port, user and password come from the environment (libpq's PG* variables).
        m_text = QStringLiteral("postgresql:///%1").arg(m_database);
    }
    auto parsed = MemoryLocation::parse(m_text);
    if (!parsed)
        qFatal("bad test location %s: %s", qPrintable(m_text), qPrintable(parsed.errorMessage()));
    m_location = *parsed;
}

void TestLocation::goAway()
{
    administer(QStringLiteral("ALTER DATABASE %1 ALLOW_CONNECTIONS false").arg(m_database));
    administer(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%1' "
                              "AND pid <> pg_backend_pid()")
                   .arg(m_database));
}

void TestLocation::comeBack()
{
    administer(QStringLiteral("ALTER DATABASE %1 ALLOW_CONNECTIONS true").arg(m_database));
}

TestLocation::~TestLocation()
{
    if (!m_database.isEmpty())
        administer(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_database));
}

} // namespace engram::test
