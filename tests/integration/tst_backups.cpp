// engram-cli backup, backups and restore, run as a user would, plus the backups Engram takes by
// itself before a migration, an import that replaces and a clear.
#include "CliRunner.h"
#include "DamagedFiles.h"
#include "memory/MemoryService.h"
#include "storage/Backups.h"
#include "storage/Database.h"
#include "storage/DatabaseCheck.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("default");
const QString kOther = QStringLiteral("ines");

Json withoutExportTime(Json doc)
{
    if (doc.is_object())
        doc.erase("exported_at");
    return doc;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A memory with a conversation, an exchange, a summary, facts (one superseded, one pinned).
void seed(const QString& db, const QString& user, const QString& sentence)
{
    auto opened = MemoryService::open(db);
    QVERIFY2(opened, qPrintable(opened.errorMessage()));
    MemoryService& m = **opened;
    QVERIFY(m.ensureUser(user));
    auto conversation = m.createConversation(user, QStringLiteral("Backups"));
    QVERIFY(conversation);
    QVERIFY(m.appendMessage(user, conversation->id, Role::User, sentence));
    QVERIFY(m.appendMessage(user, conversation->id, Role::Assistant, QStringLiteral("Noted.")));
    QVERIFY(m.recordExchange(user, conversation->id, sentence, QStringLiteral("A fine habit."), Json::object()));
    QVERIFY(m.upsertSummary(user, QStringLiteral("api"), QStringLiteral("API 限流改成 200 次/分钟"), conversation->id));
    QVERIFY(m.addFact(user, QStringLiteral("user"), QStringLiteral("project"), QStringLiteral("电商")));
    QVERIFY(m.addFact(user, QStringLiteral("user"), QStringLiteral("project"), QStringLiteral("短视频")));
    auto hobby = m.addFact(user, QStringLiteral("user"), QStringLiteral("hobby"), sentence);
    QVERIFY(hobby);
    QVERIFY(m.setPinned(user, hobby->id, true));
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name);
}

// A rolling backup taken with `engram-cli backup`; its file, or empty (and the reason logged).
QString newBackup(const test::CliRunner& cli)
{
    const test::CliRun backup = cli.run({QStringLiteral("backup"), QStringLiteral("--json")});
    if (backup.exitCode != 0) {
        qWarning("backup failed: %s", qPrintable(backup.errText()));
        return {};
    }
    return QString::fromStdString(backup.json().value("file", std::string()));
}

} // namespace

class TestBackups final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_next{};

    // Each test its own folder, so its backups folder is its own too.
    test::CliRunner freshCli()
    {
        const QString dir = m_dir.filePath(QStringLiteral("case%1").arg(++m_next));
        QDir().mkpath(dir);
        return test::CliRunner(dir + QStringLiteral("/engram.sqlite"));
    }

    static QString folderOf(const test::CliRunner& cli) { return QFileInfo(cli.databasePath()).absolutePath(); }

    static Json exportOf(const test::CliRunner& cli, const QString& user)
    {
        const test::CliRun run = cli.runAs(user, {QStringLiteral("export")});
        if (run.exitCode != 0)
            qWarning() << "export failed:" << run.errText();
        return withoutExportTime(run.json());
    }

    static Json backupsOf(const test::CliRunner& cli)
    {
        return cli.run({QStringLiteral("backups"), QStringLiteral("--json")}).json().value("backups", Json::array());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary()));
        QVERIFY(m_dir.isValid());
        // As on a usual desktop: without Engram's own care, new files would be 0644 and folders 0755.
        ::umask(022);
    }

    void backupClearRestoreGivesTheSameExport()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("The violet walrus hums sea shanties"));
        seed(cli.databasePath(), kOther, QStringLiteral("Bergamot marmalade keeps the keeper awake"));
        const Json before = exportOf(cli, kUser);
        const Json beforeOther = exportOf(cli, kOther);
        QVERIFY(before.value("facts", Json::array()).size() >= 3);

        const test::CliRun backup = cli.run({QStringLiteral("backup"), QStringLiteral("--json")});
        QCOMPARE(backup.exitCode, 0);
        const QString file = QString::fromStdString(backup.json().value("file", std::string()));
        QVERIFY(QFile::exists(file));
        QCOMPARE(backup.json().value("messages", 0), 4);
        QCOMPARE(backup.json()["users"][kUser.toStdString()].value("messages", 0), 2);
        QCOMPARE(backup.json().value("schema", 0), Database::latestVersion());

        // Then the memory changes: one user is cleared, the other learns something new.
        QCOMPARE(cli.run({QStringLiteral("clear"), QStringLiteral("--yes")}).exitCode, 0);
        QCOMPARE(cli.runAs(kOther, {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                                    QStringLiteral("Lisbon")})
                     .exitCode,
                 0);
        QVERIFY(exportOf(cli, kUser) != before);

        const test::CliRun restored = cli.run({QStringLiteral("restore"), file, QStringLiteral("--json")});
        QCOMPARE(restored.exitCode, 0);
        const QString aside = QString::fromStdString(restored.json().value("kept_aside", std::string()));
        QVERIFY2(aside.startsWith(cli.databasePath() + QStringLiteral(".before-restore-")), qPrintable(aside));
        QVERIFY(QFile::exists(aside));
        QCOMPARE(test::fileMode(aside), 0600);

        // Only exported_at differs: the export's own event is not part of the document.
        QCOMPARE(exportOf(cli, kUser), before);
        QCOMPARE(exportOf(cli, kOther), beforeOther);
        // The file that was replaced still holds the cleared state and the new fact.
        test::CliRunner old(aside);
        QCOMPARE(exportOf(old, kUser).value("facts", Json::array()).size(), 0u);
    }

    void clearAndReplaceImportBackUpFirst()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Oskarsson hums at three in the morning"));
        const Json before = exportOf(cli, kUser);
        const QString exportFile = folderOf(cli) + QStringLiteral("/memory.json");
        QCOMPARE(cli.run({QStringLiteral("export"), QStringLiteral("--out"), exportFile}).exitCode, 0);
        QCOMPARE(backupsOf(cli).size(), 0u);

        QCOMPARE(cli.run({QStringLiteral("clear"), QStringLiteral("--yes")}).exitCode, 0);
        Json list = backupsOf(cli);
        QCOMPARE(list.size(), 1u);
        QCOMPARE(list[0].value("messages", 0), 2); // taken before the clear

        QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                          QStringLiteral("Oslo")})
                     .exitCode,
                 0);
        QCOMPARE(cli.run({QStringLiteral("import"), exportFile, QStringLiteral("--mode"), QStringLiteral("replace")})
                     .exitCode,
                 0);
        list = backupsOf(cli);
        QCOMPARE(list.size(), 2u);
        QCOMPARE(list[0].value("messages", 0), 0); // newest first: the one before the import
        QCOMPARE(list[0].value("facts", 0), 1);
        QCOMPARE(exportOf(cli, kUser), before);

        // The one before the clear brings the memory back as well.
        const QString first = QString::fromStdString(list[1].value("file", std::string()));
        QCOMPARE(cli.run({QStringLiteral("restore"), first}).exitCode, 0);
        QCOMPARE(exportOf(cli, kUser), before);
    }

    void backupsArePrivateUnderUmask022()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("A secret the neighbours must not read"));
        const QString file = newBackup(cli);
        QVERIFY(QFile::exists(file));
        QCOMPARE(QFileInfo(file).absolutePath(), folderOf(cli) + QStringLiteral("/backups"));
        QCOMPARE(test::fileMode(folderOf(cli) + QStringLiteral("/backups")), 0700);
        QCOMPARE(test::fileMode(file), 0600);
        // A backup stands alone: no -wal or -shm, no temporary file left behind.
        QCOMPARE(filesIn(folderOf(cli) + QStringLiteral("/backups")), QStringList{QFileInfo(file).fileName()});

        const QString out = folderOf(cli) + QStringLiteral("/copy.sqlite");
        QCOMPARE(cli.run({QStringLiteral("backup"), QStringLiteral("--out"), out}).exitCode, 0);
        QCOMPARE(test::fileMode(out), 0600);
        QCOMPARE(cli.run({QStringLiteral("restore"), out}).exitCode, 0);
        QCOMPARE(test::fileMode(cli.databasePath()), 0600);
    }

    // A program with the memory open (here this test, holding a connection) would go on writing
    // into the file moved aside; restore refuses and changes nothing until it closes.
    void restoreRefusesWhileAnotherProgramHasTheMemoryOpen()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Quince jelly sets overnight"));
        const QString file = newBackup(cli);
        QVERIFY(QFile::exists(file));
        QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("jam"),
                          QStringLiteral("quince")})
                     .exitCode,
                 0);
        const Json before = exportOf(cli, kUser);
        {
            auto open = Database::open(cli.databasePath());
            QVERIFY2(open, qPrintable(open.errorMessage()));
            const test::CliRun refused = cli.run({QStringLiteral("restore"), file});
            QCOMPARE(refused.exitCode, 4);
            QVERIFY2(refused.errText().contains(
                         QStringLiteral("open in another program (process %1").arg(QCoreApplication::applicationPid())),
                     qPrintable(refused.errText()));
            QCOMPARE(filesIn(folderOf(cli)).filter(QStringLiteral("before-restore")), QStringList());
        }
        QCOMPARE(exportOf(cli, kUser), before);
        QCOMPARE(cli.run({QStringLiteral("restore"), file}).exitCode, 0);
        QVERIFY(exportOf(cli, kUser) != before); // the fact added after the backup is gone
    }

    void restoreRefusesBadFilesAndChangesNothing_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("text") << QStringLiteral("text") << 4;
        QTest::newRow("other program's SQLite") << QStringLiteral("foreign") << 4;
        QTest::newRow("damaged backup") << QStringLiteral("damaged") << 4;
        QTest::newRow("empty") << QStringLiteral("empty") << 4;
        QTest::newRow("missing") << QStringLiteral("missing") << 2;
    }

    void restoreRefusesBadFilesAndChangesNothing()
    {
        QFETCH(QString, kind);
        QFETCH(int, exitCode);
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Wendelin keeps the lighthouse"));
        const QString bad = folderOf(cli) + QStringLiteral("/bad.sqlite");
        if (kind == QLatin1String("text")) {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("not a database at all\n").repeated(2000));
        } else if (kind == QLatin1String("foreign")) {
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
                db.setDatabaseName(bad);
                QVERIFY(db.open());
                QSqlQuery q(db);
                QVERIFY(q.exec(QStringLiteral("CREATE TABLE notes (body TEXT)")));
                QVERIFY(q.exec(QStringLiteral("INSERT INTO notes VALUES ('hello')")));
            }
            QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        } else if (kind == QLatin1String("damaged")) {
            QCOMPARE(cli.run({QStringLiteral("backup"), QStringLiteral("--out"), bad}).exitCode, 0);
            QVERIFY(test::overwritePagesMidFile(bad));
        } else if (kind == QLatin1String("empty")) {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        const Json before = exportOf(cli, kUser);
        const QStringList filesBefore = filesIn(folderOf(cli));
        const QByteArray bytesBefore = readAll(cli.databasePath());
        const QByteArray badBefore = readAll(bad);

        const test::CliRun run = cli.run({QStringLiteral("restore"), bad});
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.errText().contains(QStringLiteral("Nothing was restored")), qPrintable(run.errText()));
        QVERIFY(run.out.isEmpty());
        QCOMPARE(filesIn(folderOf(cli)), filesBefore); // nothing moved aside, no temporary file
        QCOMPARE(readAll(cli.databasePath()), bytesBefore);
        QCOMPARE(readAll(bad), badBefore);
        QCOMPARE(exportOf(cli, kUser), before);
    }

    void keepsTheNewestBackups()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Seven is enough"));
        QStringList made;
        for (int i = 0; i < Backups::kDefaultKeep + 2; ++i) {
            const test::CliRun run = cli.run({QStringLiteral("backup"), QStringLiteral("--json")});
            QCOMPARE(run.exitCode, 0);
            made.append(QString::fromStdString(run.json().value("file", std::string())));
        }
        const Json list = backupsOf(cli);
        QCOMPARE(int(list.size()), Backups::kDefaultKeep);
        QStringList listed;
        for (const Json& b : list)
            listed.append(QString::fromStdString(b.value("file", std::string())));
        std::reverse(made.begin(), made.end()); // newest first, as listed
        QCOMPARE(listed, made.mid(0, Backups::kDefaultKeep));
        QVERIFY(!QFile::exists(made.last()));

        const test::CliRun text = cli.run({QStringLiteral("backups")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.outText().contains(QStringLiteral("MESSAGES")));
        QCOMPARE(text.outText().count(QStringLiteral(" UTC ")), Backups::kDefaultKeep);
    }

    void aDamagedRollingBackupIsListedAndSkipped()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Two backups, one broken"));
        QCOMPARE(cli.run({QStringLiteral("backup")}).exitCode, 0);
        const test::CliRun newest = cli.run({QStringLiteral("backup"), QStringLiteral("--json")});
        const QString newestFile = QString::fromStdString(newest.json().value("file", std::string()));
        QVERIFY(test::overwritePagesMidFile(newestFile));
        const auto good = Backups(cli.databasePath()).newestGood();
        QVERIFY(good.has_value());
        QVERIFY(good->path != newestFile);
        QCOMPARE(good->total.messages, 2);
    }

    void quickCheckIsBoundedAndFullCheckFindsDamage()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), kUser, QStringLiteral("Checked, not changed"));
        using State = DatabaseCheck::Verdict::State;
        QCOMPARE(DatabaseCheck::check(cli.databasePath(), DatabaseCheck::Depth::Quick).state, State::Ok);
        QCOMPARE(DatabaseCheck::check(cli.databasePath(), DatabaseCheck::Depth::Full).state, State::Ok);
        // A budget used up at once: the check stops and says it did not finish, not that all is well.
        QCOMPARE(
            DatabaseCheck::check(cli.databasePath(), DatabaseCheck::Depth::Quick, std::chrono::milliseconds(0)).state,
            State::Unfinished);
        QCOMPARE(
            DatabaseCheck::check(folderOf(cli) + QStringLiteral("/none.sqlite"), DatabaseCheck::Depth::Quick).state,
            State::Ok); // no file yet: a new memory
        const QString backup = folderOf(cli) + QStringLiteral("/copy.sqlite");
        QCOMPARE(cli.run({QStringLiteral("backup"), QStringLiteral("--out"), backup}).exitCode, 0);
        const QByteArray before = readAll(backup);
        QVERIFY(test::overwritePagesMidFile(backup));
        const QByteArray damaged = readAll(backup);
        const auto verdict = DatabaseCheck::check(backup, DatabaseCheck::Depth::Full);
        QCOMPARE(verdict.state, State::Damaged);
        QVERIFY(!verdict.detail.isEmpty());
        QCOMPARE(readAll(backup), damaged); // the check wrote nothing
        QVERIFY(before != damaged);
    }

    void migrationOfAnExistingFileBacksItUpFirst()
    {
        if (Database::latestVersion() < 2)
            QSKIP("only one schema version so far");
        const test::CliRunner cli = freshCli();
        {
            auto old = Database::openAtVersion(cli.databasePath(), Database::latestVersion() - 1);
            QVERIFY2(old, qPrintable(old.errorMessage()));
        }
        QCOMPARE(Backups(cli.databasePath()).list().size(), 0);
        {
            auto migrated = Database::open(cli.databasePath());
            QVERIFY2(migrated, qPrintable(migrated.errorMessage()));
            QCOMPARE((*migrated)->schemaVersion(), Database::latestVersion());
        }
        const auto backups = Backups(cli.databasePath()).list();
        QCOMPARE(backups.size(), 1);
        QCOMPARE(backups.first().schemaVersion, Database::latestVersion() - 1);
        // A file already at the newest schema is not backed up again on open.
        QVERIFY(Database::open(cli.databasePath()));
        QCOMPARE(Backups(cli.databasePath()).list().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestBackups)
#include "tst_backups.moc"
