// Upgrading a memory on a PostgreSQL server (issue 17): a database written by an older Engram, at
// each of the server's earlier schema versions, is brought to the newest with everything in it,
// and its search statistics stay those a full recount gives, before and after the upgrade and for
// the loads that follow. A database of a newer Engram is refused, untouched. A dump made with the
// server's own tools restores (pg_dump, pg_restore), and so does one of the first server schema,
// written by the Engram of that time, which then upgrades with nothing lost. Against the real
// server scripts/test.sh starts; never skipped.
#include "EpisodeBulk.h"
#include "TestLocation.h"
#include "TestSupport.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/ServerConnection.h"
#include "storage/ServerSchema.h"
#include "storage/Sql.h"
#include "storage/UserStore.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");
const QString kOther = QStringLiteral("v");

// `count` exchanges of `userId` in conversations of five, a minute apart from `at`; the i-th says
// "`word` note i" and the first of them also "zanzibar".
QList<Episode> exchanges(const QString& userId, const QString& word, int count, const QDateTime& at)
{
    QList<Episode> all;
    for (int i = 0; i < count; ++i) {
        const QString text =
            QStringLiteral("%1 note %2%3").arg(word).arg(i).arg(i == 0 ? QStringLiteral(" zanzibar") : QString());
        Episode e = test::newEpisode(userId, text, at.addSecs(60 * i));
        e.conversationId = QStringLiteral("%1-%2-%3").arg(userId, word).arg(i / 5);
        all.append(e);
    }
    return all;
}

// Loads `episodes` as an import does (one bulk load in a transaction) and adds one more the way a
// turn does.
bool load(Database& db, const QList<Episode>& episodes, const Episode& oneMore)
{
    EpisodeStore store(db);
    Transaction tx(db);
    return tx.begin() && store.beginBulkLoad() && store.insertAll(episodes) && store.finishBulkLoad() && tx.commit() &&
           store.insert(oneMore);
}

bool addUser(Database& db, const QString& id)
{
    return UserStore(db).ensure(id, id, QDateTime::fromMSecsSinceEpoch(1, Qt::UTC)).ok();
}

QStringList found(Database& db, const QString& userId, const QString& word)
{
    auto hits = EpisodeStore(db).search(userId, QList<SearchTerm>{{word}}, 10);
    return hits ? test::contentsOf(*hits) : QStringList{QStringLiteral("<error: %1>").arg(hits.errorMessage())};
}

// What the schema is made of: each column, index, function (by its source's digest) and trigger.
QStringList schemaOf(Database& db)
{
    auto q = sql::run(
        db.connection(),
        QStringLiteral("SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || "
                       "coalesce(column_default, '') || ' ' || coalesce(generation_expression, '') "
                       "FROM information_schema.columns WHERE table_schema = current_schema() "
                       "UNION ALL SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = current_schema() "
                       "UNION ALL SELECT 'index ' || indexname || ' ' || replace(indexdef, indexname, '') "
                       "FROM pg_indexes WHERE schemaname = current_schema() "
                       "UNION ALL SELECT 'function ' || proname || ' ' || md5(prosrc) FROM pg_proc "
                       "WHERE pronamespace = current_schema()::regnamespace "
                       "UNION ALL SELECT 'trigger ' || tgname || ' ' || tgrelid::regclass::text || ' ' || tgtype "
                       "FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1"));
    QStringList parts;
    while (q && q->next())
        parts.append(q->value(0).toString());
    if (!q)
        parts.append(QStringLiteral("<error: %1>").arg(q.errorMessage()));
    return parts;
}

// The two users of tests/fixtures/server-v1: a dump (pg_dump --inserts) of a server memory at
// schema version 1, written by engram-cli of 47053fb (the last commit before version 2), and each
// user's export by that engram-cli. How it was made: tests/fixtures/server-v1/README.md.
const QStringList kFixtureUsers{QStringLiteral("anna"), QStringLiteral("bo")};

QString fixture(const QString& name)
{
    return QDir(test::sourceDir()).filePath(QStringLiteral("tests/fixtures/server-v1/") + name);
}

// Runs one of the server's own client tools (postgresql-client-15, which scripts/install-deps.sh
// installs with the server) as an administrator would, `input` on its standard input; a missing
// one fails the test, saying so.
bool runTool(const QString& program, const QStringList& arguments, const QByteArray& input = {})
{
    const QString path = QStandardPaths::findExecutable(program);
    if (path.isEmpty()) {
        qWarning("%s is missing (Debian: postgresql-client-15)", qPrintable(program));
        return false;
    }
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(path, arguments);
    p.write(input);
    p.closeWriteChannel();
    const bool finished = p.waitForFinished(120000);
    const QByteArray said = p.readAll();
    if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("%s %s failed: %s", qPrintable(program), qPrintable(arguments.join(QLatin1Char(' '))),
                 said.constData());
        return false;
    }
    return true;
}

// An export document without the time it was made: the same memory gives the same text.
QString withoutExportTime(const QByteArray& document)
{
    Json doc = Json::parse(document.toStdString(), nullptr, false);
    if (!doc.is_object())
        return QStringLiteral("<not an export: %1>").arg(QString::fromUtf8(document.left(200)));
    doc.erase("exported_at");
    return QString::fromStdString(doc.dump(1));
}

QString exportOf(MemoryService& memory, const QString& userId)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (auto report = memory.exportMemory(userId, buffer); !report)
        return QStringLiteral("<error: %1>").arg(report.errorMessage());
    return withoutExportTime(buffer.data());
}

QString fixtureExport(const QString& userId)
{
    QFile f(fixture(userId + QStringLiteral(".export.json")));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("<missing %1>").arg(f.fileName());
    return withoutExportTime(f.readAll());
}

} // namespace

class TestServerSchema final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QFAIL("this suite runs on a server only (ENGRAM_TEST_BACKEND=postgres)");
        m_latest = static_cast<int>(serverMigrations().size());
        QVERIFY(m_latest > 1);
    }

    void anOlderMemoryIsUpgradedWithAllItHolds_data()
    {
        QTest::addColumn<int>("version");
        for (int v = 1; v < m_latest; ++v)
            QTest::addRow("version %d", v) << v;
    }

    void anOlderMemoryIsUpgradedWithAllItHolds()
    {
        QFETCH(int, version);
        QTemporaryDir dir;
        test::TestLocation where(dir.path());
        const QDateTime at = QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
        {
            auto old = Database::openAtVersion(where.location(), version);
            QVERIFY2(old, qPrintable(old.errorMessage()));
            QCOMPARE((*old)->schemaVersion(), version);
            QVERIFY(addUser(**old, kUser) && addUser(**old, kOther));
            QVERIFY(load(**old, exchanges(kUser, QStringLiteral("harbour"), 60, at),
                         test::newEpisode(kUser, QStringLiteral("kayak quay"), at.addDays(1))));
            QVERIFY(load(**old, exchanges(kOther, QStringLiteral("harbour"), 20, at),
                         test::newEpisode(kOther, QStringLiteral("kayak club"), at.addDays(1))));
            // A neighbour of words the first exchange holds already: before version 4 the user's
            // token total missed the length it added, which the upgrade counts afresh.
            EpisodeStore store(**old);
            for (const char* text : {"ferry kayak", "kayak ferry"}) {
                Episode e = test::newEpisode(kUser, QString::fromLatin1(text), at.addDays(3));
                e.conversationId = QStringLiteral("ferries");
                QVERIFY(store.insert(e));
            }
            QCOMPARE(test::indexIsIntact(**old), version >= 4);
            // The last exchange of a conversation archived as the Engram of that version did: before
            // version 6 it kept its neighbour's words, which the upgrade takes out of it and out of
            // the statistics; from version 6 on the archiving statement empties it.
            QVERIFY(sql::execute((*old)->connection(),
                                 QStringLiteral("UPDATE episodes SET status = 'archived'%1 WHERE content = ?")
                                     .arg(version >= 6 ? QStringLiteral(", search_context = ''") : QString()),
                                 {QStringLiteral("harbour note 4")}));
        }

        auto db = Database::open(where.location());
        QVERIFY2(db, qPrintable(db.errorMessage()));
        QCOMPARE((*db)->schemaVersion(), m_latest);
        QCOMPARE(EpisodeStore(**db).count(kUser).value(), 62);
        QCOMPARE(EpisodeStore(**db).count(kOther).value(), 20);
        QVERIFY(test::indexIsIntact(**db));
        const auto holding = sql::scalar(
            (*db)->connection(),
            QStringLiteral("SELECT count(*) FROM episodes WHERE status = 'archived' AND search_context <> ''"));
        QVERIFY(holding);
        QCOMPARE(holding->toInt(), 0);
        // Its own exchange first, then its neighbour, by the neighbours' context.
        QCOMPARE(found(**db, kUser, QStringLiteral("zanzibar")),
                 (QStringList{QStringLiteral("harbour note 0 zanzibar"), QStringLiteral("harbour note 1")}));
        QCOMPARE(found(**db, kUser, QStringLiteral("quay")), QStringList{QStringLiteral("kayak quay")});
        // Its columns, indexes, functions and triggers are those a new memory gets: every step ran
        // on a memory with something in it as on an empty one.
        QTemporaryDir freshDir;
        test::TestLocation freshWhere(freshDir.path());
        auto fresh = Database::open(freshWhere.location());
        QVERIFY2(fresh, qPrintable(fresh.errorMessage()));
        QCOMPARE(schemaOf(**db), schemaOf(**fresh));
        QVERIFY(schemaOf(**db).contains(QStringLiteral("index episodes_newest")));

        // The newest bulk load's function counts what comes next as a full recount would, the
        // exchanges that were there before and took a new neighbour included.
        QList<Episode> more = exchanges(kUser, QStringLiteral("harbour"), 10, at.addSecs(30));
        for (Episode& e : more)
            e.conversationId = QStringLiteral("%1-harbour-0").arg(kUser);
        QVERIFY(load(**db, more, test::newEpisode(kOther, QStringLiteral("kayak club again"), at.addDays(2))));
        QCOMPARE(EpisodeStore(**db).count(kUser).value(), 72);
        QVERIFY(test::indexIsIntact(**db));
        QCOMPARE(found(**db, kOther, QStringLiteral("club")).size(), 2);
    }

    // A dump taken before server schema 5 cannot be restored as it is (its engram_lexemes names
    // engram_long_tokens without a schema, and the tools run with an empty search path):
    // docs/SERVER.md §6 restores it with the schema on the path. The first open upgrades it, and
    // every user's export is the one the Engram of that time wrote.
    void aDumpOfTheFirstServerSchemaRestoresAndUpgradesWithNothingLost()
    {
        QTemporaryDir dir;
        test::TestLocation where(dir.path());
        QFile dump(fixture(QStringLiteral("memory.sql")));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QByteArray script = dump.readAll();
        const QByteArray emptyPath("set_config('search_path', '', false)");
        QCOMPARE(script.count(emptyPath), 1);
        script.replace(emptyPath, QByteArray("set_config('search_path', 'public', false)"));
        QVERIFY(runTool(QStringLiteral("psql"),
                        {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                         QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"), where.text()},
                        script));
        {
            auto raw = ServerConnection::open(where.location());
            QVERIFY2(raw, qPrintable(raw.errorMessage()));
            QCOMPARE(sql::scalar((*raw)->connection(),
                                 QStringLiteral("SELECT value FROM engram_meta WHERE key = 'schema_version'"))
                         ->toInt(),
                     1);
        }

        auto memory = MemoryService::open(where.location());
        QVERIFY2(memory, qPrintable(memory.errorMessage()));
        Database& db = (*memory)->database();
        QCOMPARE(db.schemaVersion(), m_latest);
        for (const QString& user : kFixtureUsers)
            QCOMPARE(exportOf(**memory, user), fixtureExport(user));
        QVERIFY(test::indexIsIntact(db));
        // An edited exchange by its new words, a chat's exchange by its own and its neighbour's.
        QCOMPARE(found(db, QStringLiteral("anna"), QStringLiteral("季度")).value(0),
                 QStringLiteral("我们把数据库迁移推迟到下个季度了。"));
        QVERIFY(found(db, QStringLiteral("anna"), QStringLiteral("资料"))
                    .contains(QStringLiteral("我下周去杭州，帮我记一下要带的资料。")));
        QTemporaryDir freshDir;
        test::TestLocation freshWhere(freshDir.path());
        auto fresh = Database::open(freshWhere.location());
        QVERIFY2(fresh, qPrintable(fresh.errorMessage()));
        QCOMPARE(schemaOf(db), schemaOf(**fresh));
    }

    // docs/SERVER.md §6 as written: pg_dump of a memory, pg_restore into an empty database, and
    // the copy holds what the memory held and finds what it found.
    void aDumpRestoresWithTheServersOwnTools()
    {
        QTemporaryDir dir;
        test::TestLocation where(dir.path());
        const QDateTime at = QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
        QString exported;
        {
            auto memory = MemoryService::open(where.location());
            QVERIFY2(memory, qPrintable(memory.errorMessage()));
            QVERIFY(addUser((*memory)->database(), kUser));
            QList<Episode> all = exchanges(kUser, QStringLiteral("harbour"), 30, at);
            // A paste with a "word" too long for the index: its vector is made by
            // engram_long_tokens, the function a restore did not find (and, before schema 5, the
            // episode could not be stored at all).
            all.append(
                test::newEpisode(kUser, QStringLiteral("kayak ") + QString(3000, QLatin1Char('z')), at.addDays(1)));
            QVERIFY(
                load((*memory)->database(), all, test::newEpisode(kUser, QStringLiteral("kayak quay"), at.addDays(2))));
            QVERIFY((*memory)->addFact(kUser, QStringLiteral("user"), QStringLiteral("lives in"),
                                       QStringLiteral("Hangzhou"), 0.9));
            exported = exportOf(**memory, kUser);
        }
        const QString file = dir.filePath(QStringLiteral("memory.dump"));
        QVERIFY(runTool(QStringLiteral("pg_dump"),
                        {QStringLiteral("--format=custom"), QStringLiteral("--file=") + file, where.text()}));
        QTemporaryDir copyDir;
        test::TestLocation copy(copyDir.path());
        QVERIFY(runTool(QStringLiteral("pg_restore"),
                        {QStringLiteral("--exit-on-error"), QStringLiteral("--dbname=") + copy.text(), file}));
        auto restored = MemoryService::open(copy.location());
        QVERIFY2(restored, qPrintable(restored.errorMessage()));
        QCOMPARE(exportOf(**restored, kUser), exported);
        QVERIFY(test::indexIsIntact((*restored)->database()));
        QCOMPARE(found((*restored)->database(), kUser, QStringLiteral("quay")),
                 QStringList{QStringLiteral("kayak quay")});
        QCOMPARE(found((*restored)->database(), kUser, QStringLiteral("zanzibar")).value(0),
                 QStringLiteral("harbour note 0 zanzibar"));
    }

    void aNewerMemoryIsRefusedUntouched()
    {
        QTemporaryDir dir;
        test::TestLocation where(dir.path());
        {
            auto db = Database::open(where.location());
            QVERIFY2(db, qPrintable(db.errorMessage()));
            QVERIFY(addUser(**db, kUser));
            QVERIFY(sql::execute((*db)->connection(),
                                 QStringLiteral("UPDATE engram_meta SET value = ? WHERE key = 'schema_version'"),
                                 {QString::number(m_latest + 1)}));
        }
        auto db = Database::open(where.location());
        QVERIFY(!db);
        QVERIFY2(db.errorMessage().contains(QLatin1String("newer Engram")), qPrintable(db.errorMessage()));
        auto older = Database::openAtVersion(where.location(), m_latest);
        QVERIFY(!older);
        // Nothing was written: the version and the user are as the newer Engram left them.
        auto raw = ServerConnection::open(where.location());
        QVERIFY2(raw, qPrintable(raw.errorMessage()));
        const QSqlDatabase& c = (*raw)->connection();
        QCOMPARE(sql::scalar(c, QStringLiteral("SELECT value FROM engram_meta WHERE key = 'schema_version'"))->toInt(),
                 m_latest + 1);
        QCOMPARE(sql::scalar(c, QStringLiteral("SELECT count(*) FROM users"))->toInt(), 1);
    }

private:
    int m_latest{};
};

QTEST_GUILESS_MAIN(TestServerSchema)
#include "tst_serverschema.moc"
