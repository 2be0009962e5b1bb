// The connection to a PostgreSQL memory server (issue 17), against a real server: the throwaway
// cluster scripts/test.sh starts with pg_virtualenv (PGHOST, PGPORT, PGUSER, PGPASSWORD and
// PGDATABASE name it). Without one the test fails and says so: it is never skipped.
#include "TcpRelay.h"
#include "TestLocation.h"
#include "storage/Database.h"
#include "storage/MemoryLocation.h"
#include "storage/ServerConnection.h"
#include "storage/ServerKnock.h"
#include "storage/Sql.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

QString serverUrl(const QString& port = qEnvironmentVariable("PGPORT"))
{
    return QStringLiteral("postgresql://%1@%2:%3/%4?connect_timeout=5")
        .arg(qEnvironmentVariable("PGUSER"), qEnvironmentVariable("PGHOST"), port, qEnvironmentVariable("PGDATABASE"));
}

std::unique_ptr<ServerConnection> connectOrFail(QString* why)
{
    auto location = MemoryLocation::parse(serverUrl());
    if (!location) {
        *why = location.errorMessage();
        return nullptr;
    }
    auto server = ServerConnection::open(*location);
    if (!server) {
        *why = server.errorMessage();
        return nullptr;
    }
    return std::move(server).value();
}

// A database of its own on the server, which can be made to go away and come back.
std::unique_ptr<test::TestLocation> ownDatabase(const QTemporaryDir& dir)
{
    qputenv("ENGRAM_TEST_BACKEND", "postgres");
    auto where = std::make_unique<test::TestLocation>(dir.path());
    qunsetenv("ENGRAM_TEST_BACKEND");
    return where;
}

} // namespace

class TestServerConnection final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("PGHOST") && !qEnvironmentVariableIsEmpty("PGPORT"),
                 "No PostgreSQL server is named (PGHOST, PGPORT): run the tests with scripts/test.sh, which starts "
                 "one with pg_virtualenv (Debian's postgresql-common)");
    }

    // An unanswering server is given up after a bounded time, the address's own or ours.
    void connectingWaitsABoundedTime()
    {
        QString why;
        auto own = connectOrFail(&why);
        QVERIFY2(own, qPrintable(why));
        QVERIFY(own->connection().connectOptions().contains(QStringLiteral("connect_timeout=5")));
        QVERIFY(!own->connection().connectOptions().contains(
            QStringLiteral("connect_timeout=%1").arg(ServerConnection::kConnectTimeoutSecs)));
        auto plain =
            MemoryLocation::parse(QStringLiteral("postgresql://%1@%2:%3/%4")
                                      .arg(qEnvironmentVariable("PGUSER"), qEnvironmentVariable("PGHOST"),
                                           qEnvironmentVariable("PGPORT"), qEnvironmentVariable("PGDATABASE")));
        QVERIFY(plain);
        auto server = ServerConnection::open(*plain);
        QVERIFY2(server, qPrintable(server.errorMessage()));
        QVERIFY((*server)->connection().connectOptions().contains(
            QStringLiteral("connect_timeout=%1").arg(ServerConnection::kConnectTimeoutSecs)));
    }

    void connectsInUtcWithItsName()
    {
        QString why;
        auto server = connectOrFail(&why);
        QVERIFY2(server, qPrintable(why));
        QVERIFY(server->serverVersion() >= 150000);
        auto zone = server->run(QStringLiteral("SHOW TimeZone"));
        QVERIFY2(zone && zone->next(), qPrintable(zone.errorMessage()));
        QCOMPARE(zone->value(0).toString(), QStringLiteral("UTC"));
        auto name = server->run(QStringLiteral("SELECT current_setting('application_name')"));
        QVERIFY(name && name->next());
        QCOMPARE(name->value(0).toString(), QStringLiteral("engram"));
        // timestamptz comes back as the same instant (plain timestamp came back shifted in a check).
        const QDateTime instant = QDateTime::fromString(QStringLiteral("2026-12-02T08:30:00.123+08:00"), Qt::ISODate);
        auto echoed = server->run(QStringLiteral("SELECT ?::timestamptz"), {instant});
        QVERIFY2(echoed && echoed->next(), qPrintable(echoed.errorMessage()));
        QCOMPARE(echoed->value(0).toDateTime().toMSecsSinceEpoch(), instant.toMSecsSinceEpoch());
    }

    // The server ends the session (a restart, a failover, an idle timeout): the next statement
    // still runs, on a new connection. Inside a transaction it is refused instead: that work is gone.
    void aLostConnectionIsMadeAgain()
    {
        QString why;
        auto server = connectOrFail(&why);
        QVERIFY2(server, qPrintable(why));
        auto pid = server->run(QStringLiteral("SELECT pg_backend_pid()"));
        QVERIFY(pid && pid->next());
        const int backend = pid->value(0).toInt();
        auto other = connectOrFail(&why);
        QVERIFY2(other, qPrintable(why));
        auto killed = other->run(QStringLiteral("SELECT pg_terminate_backend(?)"), {backend});
        QVERIFY2(killed && killed->next() && killed->value(0).toBool(), qPrintable(killed.errorMessage()));

        auto inTransaction = server->run(QStringLiteral("SELECT 1"), {}, true);
        QVERIFY(!inTransaction);
        QVERIFY2(inTransaction.errorMessage().contains(QStringLiteral("nothing of it was saved")),
                 qPrintable(inTransaction.errorMessage()));
        auto again = server->run(QStringLiteral("SELECT 41 + 1"));
        QVERIFY2(again && again->next(), qPrintable(again.errorMessage()));
        QCOMPARE(again->value(0).toInt(), 42);
        QCOMPARE(server->reconnects(), 1);
        // A statement's own error is not a lost connection: no reconnect.
        QVERIFY(!server->run(QStringLiteral("SELECT * FROM no_such_table")));
        QCOMPARE(server->reconnects(), 1);
    }

    // A server that stays away is tried once, and then not again before the backoff's wait: each
    // try blocks the caller (the app's window) for as long as connecting takes. Once it is back,
    // the next statement after the wait goes through.
    void aServerThatStaysAwayIsNotTriedOnEveryStatement()
    {
        QTemporaryDir dir;
        auto where = ownDatabase(dir);
        auto opened = ServerConnection::open(where->location());
        QVERIFY2(opened, qPrintable(opened.errorMessage()));
        ServerConnection& server = **opened;
        QVERIFY(server.run(QStringLiteral("SELECT 1")));
        QVERIFY(server.connection().connectOptions().contains(
            QStringLiteral("tcp_user_timeout=%1").arg(ServerConnection::kUnacknowledgedMs)));

        where->goAway();
        auto tried = server.run(QStringLiteral("SELECT 1"));
        QVERIFY(!tried);
        QVERIFY2(tried.errorMessage().contains(QStringLiteral("unreachable")), qPrintable(tried.errorMessage()));
        auto waiting = server.run(QStringLiteral("SELECT 1"));
        QVERIFY(!waiting);
        QVERIFY2(waiting.errorMessage().contains(QStringLiteral("tried again shortly")),
                 qPrintable(waiting.errorMessage()));

        where->comeBack();
        QVERIFY(QTest::qWaitFor([&] { return server.run(QStringLiteral("SELECT 1")).ok(); },
                                4 * ReconnectBackoff::kFirstMs));
        QCOMPARE(server.reconnects(), 1);
    }

    // The same for a Database, whose lost connection is replaced on the next failing statement.
    void aDatabaseTriesAnAbsentServerOncePerWait()
    {
        QTemporaryDir dir;
        auto where = ownDatabase(dir);
        auto opened = Database::open(where->location());
        QVERIFY2(opened, qPrintable(opened.errorMessage()));
        Database& db = **opened;
        const auto one = [&] { return sql::scalar(db.connection(), QStringLiteral("SELECT 1")).ok(); };
        QVERIFY(one());

        where->goAway();
        QVERIFY(!one());
        QCOMPARE(db.reconnectTries(), 1);
        QVERIFY(!one());
        QVERIFY(!one());
        QCOMPARE(db.reconnectTries(), 1); // not tried again before the wait is over
        QCOMPARE(db.reconnects(), 0);

        where->comeBack();
        QVERIFY(QTest::qWaitFor(one, 4 * ReconnectBackoff::kFirstMs));
        QCOMPARE(db.reconnects(), 1);
        QCOMPARE(db.reconnectTries(), 2);
    }

    // A knock is answered by a PostgreSQL server, and by nothing else: not a port nobody listens
    // on, not one that takes the connection and says nothing, not a socket that is not there.
    void aKnockIsAnsweredOnlyByAServer()
    {
        const QString host = qEnvironmentVariable("PGHOST");
        const int port = qEnvironmentVariableIntValue("PGPORT");
        const Status answered = ServerKnock::knock(host, port, 5000);
        QVERIFY2(answered, qPrintable(answered.errorMessage()));
        QVERIFY(!ServerKnock::knock(host, 1, 5000));
        QVERIFY(!ServerKnock::knock(QStringLiteral("/nonexistent"), port, 5000));

        test::TcpRelay relay(host, static_cast<quint16>(port));
        QVERIFY(relay.port() != 0);
        QVERIFY(ServerKnock::knock(QStringLiteral("127.0.0.1"), relay.port(), 5000));
        relay.silence();
        const Status silent = ServerKnock::knock(QStringLiteral("127.0.0.1"), relay.port(), 300);
        QVERIFY(!silent);
        QVERIFY2(silent.errorMessage().contains(QStringLiteral("no answer in time")),
                 qPrintable(silent.errorMessage()));
        QVERIFY(QTest::qWaitFor([&] { return relay.silentConnections() == 1; }, 10'000));
    }

    // The app's window is not kept waiting by a server that does not answer. With
    // tryServerInBackground, a lost connection is tried again by a knock on a thread of its own,
    // and statements fail at once meanwhile (the caller keeps its work); once the server answers,
    // the next statement connects again. Without it, each try would wait out connect_timeout (60 s
    // here) on the caller's thread.
    void aSilentServerIsTriedWithoutKeepingTheCallerWaiting()
    {
        QTemporaryDir dir;
        auto where = ownDatabase(dir);
        test::TcpRelay relay(qEnvironmentVariable("PGHOST"),
                             static_cast<quint16>(qEnvironmentVariableIntValue("PGPORT")));
        QVERIFY(relay.port() != 0);
        auto location = MemoryLocation::parse(QStringLiteral("postgresql://%1@127.0.0.1:%2/%3?connect_timeout=60")
                                                  .arg(qEnvironmentVariable("PGUSER"))
                                                  .arg(relay.port())
                                                  .arg(where->location().databaseName()));
        QVERIFY2(location, qPrintable(location.errorMessage()));
        auto opened = Database::open(*location);
        QVERIFY2(opened, qPrintable(opened.errorMessage()));
        Database& db = **opened;
        db.tryServerInBackground();
        const auto one = [&] { return sql::scalar(db.connection(), QStringLiteral("SELECT 1")).ok(); };
        QVERIFY(one());
        QVERIFY(!db.tryingServer());

        relay.silence();
        QVERIFY(!one());
        QCOMPARE(db.reconnectTries(), 1);
        // The statement came back while the try is still waiting for an answer.
        QVERIFY(db.tryingServer());
        QVERIFY(!one());
        QVERIFY(!one());
        QCOMPARE(db.reconnectTries(), 1); // one knock at a time
        QVERIFY(db.tryingServer());
        QVERIFY(QTest::qWaitFor([&] { return relay.silentConnections() == 1; }, 10'000));
        QCOMPARE(db.reconnects(), 0);

        // The server speaks again (the silent knock is cut: it failed); after the backoff's
        // wait a new knock is answered, and the statement after it connects.
        relay.speak();
        QVERIFY(QTest::qWaitFor(one, 20 * ReconnectBackoff::kFirstMs));
        QCOMPARE(db.reconnects(), 1);
        QVERIFY(db.reconnectTries() >= 2);
        QCOMPARE(relay.silentConnections(), 1);
    }

    void whatCannotWorkIsSaidPlainly()
    {
        auto nobody = MemoryLocation::parse(serverUrl(QStringLiteral("1")));
        QVERIFY(nobody);
        auto refused = ServerConnection::open(*nobody);
        QVERIFY(!refused);
        QVERIFY2(refused.errorMessage().contains(QStringLiteral("unreachable")), qPrintable(refused.errorMessage()));
        QVERIFY(refused.errorMessage().contains(nobody->describe()));

        const QByteArray password = qgetenv("PGPASSWORD");
        qputenv("PGPASSWORD", "not-the-password");
        auto wrong = ServerConnection::open(*MemoryLocation::parse(serverUrl()));
        qputenv("PGPASSWORD", password);
        QVERIFY(!wrong);
        QVERIFY2(wrong.errorMessage().contains(QStringLiteral("password")), qPrintable(wrong.errorMessage()));

        QString why;
        auto server = connectOrFail(&why);
        QVERIFY2(server, qPrintable(why));
        auto list = server->run(QStringLiteral("SELECT ?"), {QStringList{QStringLiteral("a"), QStringLiteral("b")}});
        QVERIFY(!list);
        QVERIFY(list.errorMessage().contains(QStringLiteral("list")));
    }
};

QTEST_GUILESS_MAIN(TestServerConnection)
#include "tst_serverconnection.moc"
