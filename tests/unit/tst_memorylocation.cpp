// Where the memory lives is decided in one place (MemoryLocation): a file named by --db or
// $ENGRAM_DB, the default file, or a PostgreSQL server URL — never with a password in it.
#include "storage/DataFolder.h"
#include "storage/MemoryLocation.h"

#include <QTest>

using namespace engram;

class TestMemoryLocation final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { qunsetenv("ENGRAM_DB"); }
    void cleanup() { qunsetenv("ENGRAM_DB"); }

    void nothingGivenIsTheDefaultFile()
    {
        auto location = MemoryLocation::resolve();
        QVERIFY(location);
        QVERIFY(location->isFile());
        QVERIFY(!location->isChosen());
        QCOMPARE(location->filePath(),
                 DataFolder::defaultFolder() + QLatin1Char('/') + QLatin1String(DataFolder::kMemoryFile));
    }

    void theOptionWinsOverTheEnvironment()
    {
        qputenv("ENGRAM_DB", "/tmp/from-env.sqlite");
        auto fromEnv = MemoryLocation::resolve();
        QVERIFY(fromEnv && fromEnv->isChosen());
        QCOMPARE(fromEnv->filePath(), QStringLiteral("/tmp/from-env.sqlite"));
        auto given = MemoryLocation::resolve(QStringLiteral("/tmp/given.sqlite"));
        QVERIFY(given);
        QCOMPARE(given->filePath(), QStringLiteral("/tmp/given.sqlite"));
        // A file name with odd characters is still a file.
        QCOMPARE(MemoryLocation::parse(QStringLiteral("记忆 (copy).sqlite"))->filePath(),
                 QStringLiteral("记忆 (copy).sqlite"));
    }

    void aServerUrlIsTakenApart()
    {
        auto location = MemoryLocation::parse(
            QStringLiteral("postgresql://alice@db.example.org:6543/engram?sslmode=verify-full&connect_timeout=5"));
        QVERIFY2(location, qPrintable(location.errorMessage()));
        QCOMPARE(location->kind(), MemoryLocation::Kind::Server);
        QCOMPARE(location->host(), QStringLiteral("db.example.org"));
        QCOMPARE(location->port(), 6543);
        QCOMPARE(location->userName(), QStringLiteral("alice"));
        QCOMPARE(location->databaseName(), QStringLiteral("engram"));
        QCOMPARE(location->options(), QStringLiteral("sslmode=verify-full;connect_timeout=5"));
        QCOMPARE(location->option(u"connect_timeout"), QStringLiteral("5"));
        QCOMPARE(location->option(u"sslmode"), QStringLiteral("verify-full"));
        QVERIFY(location->option(u"timeout").isNull()); // a key is whole, never the end of another
        QVERIFY(location->option(u"tcp_user_timeout").isNull());
        QCOMPARE(location->describe(), QStringLiteral("postgresql://alice@db.example.org:6543/engram"));
        qputenv("ENGRAM_DB", "postgres://localhost/team");
        auto fromEnv = MemoryLocation::resolve();
        QVERIFY(fromEnv && !fromEnv->isFile());
        QCOMPARE(fromEnv->port(), 0); // libpq's default
        QCOMPARE(fromEnv->describe(), QStringLiteral("postgresql://localhost/team"));
    }

    void aPasswordOrAnUnknownAddressIsRefused()
    {
        auto withPassword = MemoryLocation::parse(QStringLiteral("postgresql://alice:s3cret@localhost/engram"));
        QVERIFY(!withPassword);
        QVERIFY(withPassword.errorMessage().contains(QStringLiteral("PGPASSWORD")));
        QVERIFY(!withPassword.errorMessage().contains(QStringLiteral("s3cret")));
        auto typo = MemoryLocation::parse(QStringLiteral("postgresql://localhost/engram?sslmod=require"));
        QVERIFY(!typo);
        QVERIFY(typo.errorMessage().contains(QStringLiteral("sslmod")));
        QVERIFY(!MemoryLocation::parse(QStringLiteral("mysql://localhost/engram")));
        QVERIFY(!MemoryLocation::parse(QStringLiteral("postgresql://localhost/a/b")));
        QVERIFY(!MemoryLocation::parse(QStringLiteral("postgresql://localhost/engram?sslmode=a;b")));
    }
};

QTEST_GUILESS_MAIN(TestMemoryLocation)
#include "tst_memorylocation.moc"
