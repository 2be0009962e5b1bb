#include "TestSupport.h"
#include "storage/Database.h"
#include "storage/Sql.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace engram;

class TestDatabase final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createsWithPragmasAndLatestSchema()
    {
        test::TempDatabase t;
        QCOMPARE(t.db().schemaVersion(), Database::latestVersion());
        const auto& c = t.db().connection();
        QCOMPARE(sql::scalar(c, QStringLiteral("PRAGMA journal_mode"))->toString(), QStringLiteral("wal"));
        QCOMPARE(sql::scalar(c, QStringLiteral("PRAGMA foreign_keys"))->toInt(), 1);
        QCOMPARE(sql::scalar(c, QStringLiteral("PRAGMA secure_delete"))->toInt(), 1);
        QVERIFY(sql::scalar(c, QStringLiteral("PRAGMA busy_timeout"))->toInt() >= 1000);
        for (const char* table : {"users", "conversations", "messages", "episodes", "episodes_fts", "facts",
                                  "facts_fts", "events", "jobs", "trash", "embeddings"}) {
            auto n = sql::scalar(c, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = ?"),
                                 {QString::fromLatin1(table)});
            QVERIFY2(n && n->toInt() == 1, table);
        }
    }

    void migratesVersionOneInPlace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.sqlite"));
        {
            auto v1 = Database::openAtVersion(path, 1);
            QVERIFY2(v1, qPrintable(v1.errorMessage()));
            QCOMPARE((*v1)->schemaVersion(), 1);
            QVERIFY(
                sql::execute((*v1)->connection(),
                             QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES ('a', 'A', 1)")));
            auto n = sql::scalar((*v1)->connection(),
                                 QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'embeddings'"));
            QCOMPARE(n->toInt(), 0);
        }
        auto latest = Database::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        QCOMPARE((*latest)->schemaVersion(), Database::latestVersion());
        const auto& c = (*latest)->connection();
        QCOMPARE(sql::scalar(c, QStringLiteral("SELECT display_name FROM users WHERE id = 'a'"))->toString(),
                 QStringLiteral("A"));
        QCOMPARE(
            sql::scalar(c, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'embeddings'"))->toInt(), 1);
    }

    void refusesRandomFileWithoutTouchingIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("random.bin"));
        QByteArray junk;
        for (int i = 0; i < 8192; ++i)
            junk.append(static_cast<char>((i * 7919) % 251));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(junk);
        }
        auto db = Database::open(path);
        QVERIFY(!db);
        QCOMPARE(db.error().code, Error::Code::NotEngram);
        QVERIFY2(db.errorMessage().contains(QStringLiteral("not an Engram database")), qPrintable(db.errorMessage()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), junk);
    }

    void refusesTruncatedDatabase()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cut.sqlite"));
        {
            auto db = Database::open(path);
            QVERIFY(db);
            const auto& c = (*db)->connection();
            QVERIFY(sql::execute(
                c, QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES ('u', 'U', 1)")));
            for (int i = 0; i < 200; ++i) {
                QVERIFY(sql::execute(
                    c,
                    QStringLiteral("INSERT INTO episodes (id, user_id, kind, content, last_access_at, "
                                   "created_at, updated_at, search_body) VALUES (?, 'u', 'exchange', ?, 1, 1, 1, ?)"),
                    {QString::number(i), QString(200, QLatin1Char('x')), QStringLiteral("x")}));
            }
            QVERIFY((*db)->checkpoint());
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 fullSize = f.size();
        QVERIFY(f.resize(fullSize / 2));
        f.close();
        auto db = Database::open(path);
        QVERIFY(!db);
        QCOMPARE(db.error().code, Error::Code::NotEngram);
        QVERIFY2(db.errorMessage().contains(QStringLiteral("truncated")), qPrintable(db.errorMessage()));
        QCOMPARE(QFile(path).size(), fullSize / 2);
    }

    void refusesOtherProgramsSqliteFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("other.sqlite"));
        {
            auto c = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("other"));
            c.setDatabaseName(path);
            QVERIFY(c.open());
            QVERIFY(sql::execute(c, QStringLiteral("CREATE TABLE cookies (name TEXT)")));
            c.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("other"));
        auto db = Database::open(path);
        QVERIFY(!db);
        QVERIFY2(db.errorMessage().contains(QStringLiteral("another program")), qPrintable(db.errorMessage()));
    }

    void nestedTransactionRollsBackWhole()
    {
        test::TempDatabase t;
        const auto& c = t.db().connection();
        {
            Transaction outer(t.db());
            QVERIFY(outer.begin());
            QVERIFY(sql::execute(
                c, QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES ('x', 'X', 1)")));
            {
                Transaction inner(t.db());
                QVERIFY(inner.begin());
                // inner leaves scope without commit
            }
            QVERIFY(!outer.commit());
        }
        QCOMPARE(sql::scalar(c, QStringLiteral("SELECT count(*) FROM users"))->toInt(), 0);
    }

    // The WAL is folded into the main file when enough commits piled up, not at every commit.
    void checkpointsOnlyWhenEnoughCommitsPiledUp()
    {
        test::TempDatabase t;
        QVERIFY(t.db().checkpoint());
        const auto& c = t.db().connection();
        const auto insertUser = [&](int i) {
            Transaction tx(t.db());
            QVERIFY(tx.begin());
            QVERIFY(sql::execute(c, QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES (?, ?, 1)"),
                                 {QStringLiteral("u%1").arg(i), QString(5000, QLatin1Char('x'))}));
            QVERIFY(tx.commit());
        };
        const qint64 before = QFileInfo(t.path()).size();
        for (int i = 0; i < Database::kCommitsPerCheckpoint - 1; ++i)
            insertUser(i);
        QVERIFY(t.db().checkpointIfDue());
        QCOMPARE(QFileInfo(t.path()).size(), before); // everything is still in the WAL
        insertUser(Database::kCommitsPerCheckpoint);
        QVERIFY(t.db().checkpointIfDue());
        QVERIFY(QFileInfo(t.path()).size() > before);
    }
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
