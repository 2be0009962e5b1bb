// Injected faults: a disk that fills up at every write of a turn, an import and a clear (through a
// fault-injecting SQLite VFS); the file locked by another process for longer than the busy
// timeout; the data folder removed while the memory is open; several writing processes at once.
#include "CliRunner.h"
#include "FaultVfs.h"
#include "MemoryFixture.h"
#include "storage/Database.h"
#include "storage/FileIdentity.h"
#include "storage/Sql.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace engram;
using namespace engram::test;

namespace {

const QString kUser = QStringLiteral("anna");
const QString kOther = QStringLiteral("bruno");
// A failure must come back at once: a loop retrying a write into a full disk would keep knocking.
constexpr int kMaxRefusedWrites = 64;
// No operation here needs more writes than this; a run that does is a runaway.
constexpr int kMaxWrites = 5000;

// Every row a user owns in the item tables, id → what it says, so that a lost or changed row shows.
QMap<QString, QString> rowsOf(Database& db, const QString& user)
{
    QMap<QString, QString> rows;
    const QStringList statements{
        QStringLiteral("SELECT 'm:' || id, content || '|' || window_state FROM messages WHERE user_id = ?"),
        QStringLiteral("SELECT 'e:' || id, content || '|' || status FROM episodes WHERE user_id = ?"),
        QStringLiteral("SELECT 'f:' || id, object || '|' || status FROM facts WHERE user_id = ?"),
        QStringLiteral("SELECT 'c:' || id, title FROM conversations WHERE user_id = ?"),
    };
    for (const QString& statement : statements) {
        auto query = sql::run(db.connection(), statement, {user});
        if (!query) {
            rows.insert(QStringLiteral("error"), query.errorMessage());
            continue;
        }
        while (query->next())
            rows.insert(query->value(0).toString(), query->value(1).toString());
    }
    return rows;
}

QString integrity(Database& db)
{
    auto result = sql::scalar(db.connection(), QStringLiteral("PRAGMA integrity_check"));
    return result ? result->toString() : result.errorMessage();
}

// The rows of `before` that `after` lost or changed, for the failure message.
QStringList lostRows(const QMap<QString, QString>& before, const QMap<QString, QString>& after)
{
    QStringList lost;
    for (auto it = before.begin(); it != before.end(); ++it) {
        if (after.value(it.key()) != it.value())
            lost.append(it.key());
    }
    return lost;
}

// How many rows of each kind ("m", "e", "f", "c") `after` has that `before` has not.
QMap<QString, int> addedRows(const QMap<QString, QString>& before, const QMap<QString, QString>& after)
{
    QMap<QString, int> added;
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (!before.contains(it.key()))
            ++added[it.key().section(QLatin1Char(':'), 0, 0)];
    }
    return added;
}

// A memory with something in every tier for two users, to be kept through every fault.
void fill(MemoryFixture& f)
{
    for (const QString& user : {kUser, kOther}) {
        const QString conversation = f.newConversation(user);
        for (int i = 0; i < 2; ++i) {
            f.addRound(user, conversation, QStringLiteral("question %1 of %2").arg(i).arg(user),
                       QStringLiteral("reply %1").arg(i));
            if (!f->recordExchange(user, conversation, QStringLiteral("exchange %1").arg(i), QStringLiteral("gist")))
                qFatal("cannot record an exchange");
            if (!f->addFact(user, QStringLiteral("user"), QStringLiteral("key %1").arg(i),
                            QStringLiteral("v%1").arg(i)))
                qFatal("cannot add a fact");
        }
    }
}

QByteArray importDocument(int episodes, int facts)
{
    Json doc = Json::object();
    doc["format"] = "engram-memory";
    doc["version"] = 1;
    doc["episodes"] = Json::array();
    for (int i = 0; i < episodes; ++i) {
        doc["episodes"].push_back({{"content", "imported question " + std::to_string(i) + " about the garden"},
                                   {"response", "imported answer " + std::to_string(i)}});
    }
    doc["facts"] = Json::array();
    for (int i = 0; i < facts; ++i) {
        doc["facts"].push_back(
            {{"subject", "user"}, {"predicate", "imported key " + std::to_string(i)}, {"object", "x"}});
    }
    return QByteArray::fromStdString(doc.dump());
}

// What one faulted run of an operation left.
struct Outcome
{
    QStringList errors;
    bool completed{};
};

} // namespace

class TestFaults final : public QObject
{
    Q_OBJECT

private:
    // Runs `operation` with the disk full from its n-th write, for n = 1, 2, … until a run needs
    // no more writes than n - 1; after each: integrity, nothing stored before lost, and `judge` on
    // what was added.
    template <typename Operation, typename Judge>
    void everyWrite(const char* what, Operation operation, Judge judge)
    {
        FaultVfs& vfs = FaultVfs::install();
        int runs = 0;
        for (int n = 1; n <= kMaxWrites; ++n) {
            MemoryFixture f;
            fill(f);
            const auto before = rowsOf(f->database(), kUser);
            const auto otherBefore = rowsOf(f->database(), kOther);
            vfs.failFromWrite(n);
            const Outcome outcome = operation(f);
            const int refused = vfs.refused();
            vfs.disarm();
            ++runs;
            const QString at = QStringLiteral("%1, disk full from write %2").arg(QLatin1String(what)).arg(n);
            QVERIFY2(refused <= kMaxRefusedWrites,
                     qPrintable(at + QStringLiteral(": %1 writes tried into the full disk").arg(refused)));
            // A refused write that still reports success is fine only if it was not needed (a
            // checkpoint after the commit); a reported failure must have had a refused write.
            if (refused == 0) {
                QVERIFY2(outcome.completed, qPrintable(at + QStringLiteral(": failed without a fault: ") +
                                                       outcome.errors.join(QLatin1Char(';'))));
            } else if (!outcome.completed) {
                QVERIFY2(!outcome.errors.isEmpty(), qPrintable(at + QStringLiteral(": failed with no message")));
            }
            f.reopen();
            QCOMPARE(integrity(f->database()), QStringLiteral("ok"));
            const auto after = rowsOf(f->database(), kUser);
            QCOMPARE(rowsOf(f->database(), kOther), otherBefore);
            judge(at, outcome, before, after);
            if (refused == 0)
                break;
        }
        qInfo("%s: %d runs, the disk full from each write", what, runs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Before any connection: every connection from now on goes through the fault VFS.
        FaultVfs::install();
    }

    // ---- disk full
    void diskFullDuringATurnKeepsEverythingStored()
    {
        everyWrite(
            "a turn",
            [](MemoryFixture& f) {
                Outcome outcome;
                auto conversation = f->conversations(kUser);
                if (!conversation || conversation->isEmpty()) {
                    outcome.errors << QStringLiteral("no conversation");
                    return outcome;
                }
                const QString id = conversation->first().id;
                auto question = f->appendMessage(kUser, id, Role::User, QStringLiteral("the new question"));
                if (!question) {
                    outcome.errors << question.errorMessage();
                    return outcome;
                }
                auto reply = f->appendReply(kUser, id, QStringLiteral("the new question"), QStringLiteral("the reply"));
                if (!reply)
                    outcome.errors << reply.errorMessage();
                outcome.completed = reply.ok();
                return outcome;
            },
            [](const QString& at, const Outcome& outcome, const auto& before, const auto& after) {
                const QStringList lost = lostRows(before, after);
                QVERIFY2(lost.isEmpty(), qPrintable(at + QStringLiteral(": lost ") + lost.join(QLatin1Char(','))));
                const auto added = addedRows(before, after);
                // Nothing; the question alone (its reply failed); or question, reply and exchange.
                const int messages = added.value(QStringLiteral("m"));
                const int episodes = added.value(QStringLiteral("e"));
                const bool valid = (messages == 0 && episodes == 0) || (messages == 1 && episodes == 0) ||
                                   (messages == 2 && episodes == 1);
                QVERIFY2(valid, qPrintable(at + QStringLiteral(": half a step stored: %1 message(s), %2 episode(s)")
                                                    .arg(messages)
                                                    .arg(episodes)));
                if (outcome.completed)
                    QVERIFY2(messages == 2 && episodes == 1, qPrintable(at + QStringLiteral(": reported stored")));
            });
    }

    void diskFullDuringAnImportChangesNothing()
    {
        const QByteArray document = importDocument(200, 20);
        everyWrite(
            "an import",
            [&document](MemoryFixture& f) {
                Outcome outcome;
                auto report = f->importDocument(kUser, document);
                if (!report)
                    outcome.errors << report.errorMessage();
                outcome.completed = report.ok();
                return outcome;
            },
            [](const QString& at, const Outcome& outcome, const auto& before, const auto& after) {
                const QStringList lost = lostRows(before, after);
                QVERIFY2(lost.isEmpty(), qPrintable(at + QStringLiteral(": lost ") + lost.join(QLatin1Char(','))));
                const auto added = addedRows(before, after);
                const int episodes = added.value(QStringLiteral("e"));
                const int facts = added.value(QStringLiteral("f"));
                if (outcome.completed) {
                    QVERIFY2(episodes == 200 && facts == 20,
                             qPrintable(at + QStringLiteral(": reported done, %1 episodes").arg(episodes)));
                } else {
                    QVERIFY2(added.isEmpty(), qPrintable(at + QStringLiteral(": a failed import left %1 episode(s), "
                                                                             "%2 fact(s)")
                                                                  .arg(episodes)
                                                                  .arg(facts)));
                }
            });
    }

    void diskFullDuringAClearErasesAllOrNothing_data()
    {
        QTest::addColumn<bool>("withBackup");
        QTest::newRow("no backup") << false;
        QTest::newRow("backup") << true;
    }

    void diskFullDuringAClearErasesAllOrNothing()
    {
        QFETCH(bool, withBackup);
        QTemporaryDir backups;
        int round = 0;
        everyWrite(
            "a clear",
            [&](MemoryFixture& f) {
                Outcome outcome;
                const QString backup =
                    withBackup ? backups.filePath(QStringLiteral("backup-%1.json").arg(++round)) : QString();
                auto report = f->clearMemory(kUser, backup);
                if (!report)
                    outcome.errors << report.errorMessage();
                outcome.completed = report.ok();
                return outcome;
            },
            [&](const QString& at, const Outcome& outcome, const auto& before, const auto& after) {
                const bool cleared = after.isEmpty();
                if (!cleared) {
                    QVERIFY2(after == before, qPrintable(at + QStringLiteral(": partly cleared (%1 of %2 rows left)")
                                                                  .arg(after.size())
                                                                  .arg(before.size())));
                    QVERIFY2(!outcome.completed, qPrintable(at + QStringLiteral(": reported cleared")));
                } else if (!outcome.completed) {
                    // Committed, then the scrubbing failed: the message must say it was cleared.
                    QVERIFY2(outcome.errors.join(QString()).contains(QLatin1String("cleared")),
                             qPrintable(at + QStringLiteral(": cleared but reported: ") +
                                        outcome.errors.join(QLatin1Char(';'))));
                }
                if (cleared && withBackup) {
                    // The backup holds the whole memory that is gone.
                    MemoryFixture restored;
                    auto report =
                        restored->importMemory(kUser, backups.filePath(QStringLiteral("backup-%1.json").arg(round)));
                    QVERIFY2(report, qPrintable(at + QStringLiteral(": backup unreadable: ") + report.errorMessage()));
                    QCOMPARE(report->messages.added + report->episodes.added + report->facts.added,
                             static_cast<int>(before.size()) - 1 /* the conversation */);
                }
            });
    }

    // ---- the file locked by another process for longer than the busy timeout
    void aWriteLockHeldLongerThanTheBusyTimeoutFailsClearlyAndReadsGoOn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engram.sqlite"));
        CliRunner cli(path);
        QCOMPARE(cli.runAs(kUser, {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                                   QStringLiteral("Lyon")})
                     .exitCode,
                 0);
        // Another holder of the write lock: a plain SQLite connection, as another program would.
        sqlite3* holder = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &holder, SQLITE_OPEN_READWRITE, nullptr),
                 SQLITE_OK);
        QCOMPARE(sqlite3_exec(holder,
                              "BEGIN IMMEDIATE; UPDATE engram_meta SET value = value WHERE key = 'application';",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);

        QElapsedTimer timer;
        timer.start();
        const CliRun write = cli.runAs(
            kUser, {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"), QStringLiteral("cat")});
        const qint64 waited = timer.elapsed();
        qInfo("add-fact while locked: exit %d after %lld ms: %s", write.exitCode, waited, qPrintable(write.errText()));
        // Reads do not need the write lock (WAL): they all work while it is held.
        const QList<QStringList> reads{
            {QStringLiteral("search"), QStringLiteral("Lyon")},
            {QStringLiteral("list")},
            {QStringLiteral("stats")},
            {QStringLiteral("export")},
        };
        QStringList failedReads;
        for (const QStringList& read : reads) {
            const CliRun run = cli.runAs(kUser, read);
            if (run.exitCode != 0)
                failedReads.append(read.first() +
                                   QStringLiteral(" (exit %1: %2)").arg(run.exitCode).arg(run.errText().trimmed()));
        }
        QCOMPARE(sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(holder);

        // No crash, a database error, nothing lost, and the write goes through once the lock is gone.
        QCOMPARE(write.exitCode, 4);
        QCOMPARE(cli.runAs(kUser, {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"),
                                   QStringLiteral("cat")})
                     .exitCode,
                 0);
        const Json facts = cli.runAs(kUser, {QStringLiteral("list"), QStringLiteral("--json")}).json();
        QCOMPARE(static_cast<int>(facts.size()), 2);

        // One clear sentence, not SQLite's raw words; and reading needs no lock.
        QVERIFY2(write.errText().contains(QLatin1String("busy"), Qt::CaseInsensitive) &&
                     !write.errText().contains(QLatin1String("database is locked")),
                 qPrintable(QStringLiteral("not a clear busy message: ") + write.errText()));
        QVERIFY2(failedReads.isEmpty(), qPrintable(QStringLiteral("reads failed while the write lock was held: ") +
                                                   failedReads.join(QStringLiteral("; "))));
    }

    // ---- the data folder removed while the memory is open
    void fileIdentityNoticesARemovedOrReplacedFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data/engram.sqlite"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("data"))));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x");
        file.close();
        const FileIdentity identity = FileIdentity::of(path);
        QVERIFY(identity.isKnown());
        QVERIFY(identity.check());

        QVERIFY(QFile::rename(path, path + QStringLiteral(".old")));
        QVERIFY(QFile::copy(path + QStringLiteral(".old"), path)); // same name, another file
        auto replaced = identity.check();
        QVERIFY(!replaced);
        QCOMPARE(replaced.error().code, Error::Code::Io);
        QVERIFY(replaced.errorMessage().contains(QLatin1String("replaced")));

        QVERIFY(QDir(dir.filePath(QStringLiteral("data"))).removeRecursively());
        auto gone = identity.check();
        QVERIFY(!gone);
        QCOMPARE(gone.error().code, Error::Code::Io);
        QVERIFY(gone.errorMessage().contains(QLatin1String("gone")));
        QVERIFY(FileIdentity::of(path).check()); // nothing known, nothing to compare
    }

    void aWriteAfterTheFolderWasRemovedIsRefusedNotLost()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("data"));
        const QString path = folder + QStringLiteral("/engram.sqlite");
        auto opened = MemoryService::open(path);
        QVERIFY2(opened, qPrintable(opened.errorMessage()));
        MemoryService& memory = **opened;
        QVERIFY(memory.ensureUser(kUser));
        QVERIFY(memory.addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Lyon")));

        QVERIFY(QDir(folder).removeRecursively());
        auto written = memory.addFact(kUser, QStringLiteral("user"), QStringLiteral("pet"), QStringLiteral("cat"));
        // SQLite would write into the unlinked file without a word, and the fact be gone at exit.
        QVERIFY2(!written, "a write into a removed memory file reported success");
        QCOMPARE(written.error().code, Error::Code::Io);
        QVERIFY(written.errorMessage().contains(QLatin1String("gone")));
    }

    // ---- several writers
    void severalWritersLoseNothingAndNeverReportALock()
    {
        // 3 processes x kFacts add-fact, and a reader, all at once (soak.sh runs 3 x 500).
        constexpr int kFacts = 25;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engram.sqlite"));
        CliRunner cli(path);
        // Creates the memory and the user (listing the queued jobs is a command that may).
        QCOMPARE(cli.runAs(kUser, {QStringLiteral("jobs")}).exitCode, 0);
        const QString loop = QStringLiteral(
            "for i in $(seq %1); do \"$0\" --db \"$1\" --user %2 %3 || echo \"exit $? at $i\" >&2; done");
        QList<QProcess*> processes;
        for (int w = 1; w <= 4; ++w) {
            auto* process = new QProcess(this);
            const QString command =
                w <= 3 ? QStringLiteral("add-fact writer%1 \"item $i\" \"value $i\" >/dev/null").arg(w)
                       : QStringLiteral("search value >/dev/null && \"$0\" --db \"$1\" --user %1 stats >/dev/null")
                             .arg(kUser);
            process->start(QStringLiteral("sh"),
                           {QStringLiteral("-c"), loop.arg(kFacts).arg(kUser, command), CliRunner::binary(), path});
            processes.append(process);
        }
        QString errors;
        for (QProcess* process : processes) {
            QVERIFY(process->waitForFinished(280000));
            errors += QString::fromUtf8(process->readAllStandardError());
        }
        qDeleteAll(processes);
        QVERIFY2(!errors.contains(QLatin1String("locked"), Qt::CaseInsensitive), qPrintable(errors));
        QVERIFY2(errors.isEmpty(), qPrintable(errors));
        const Json facts = cli.runAs(kUser, {QStringLiteral("list"), QStringLiteral("--json")}).json();
        QCOMPARE(static_cast<int>(facts.size()), 3 * kFacts);
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
