// engram-cli where a user's memory is at stake: who can read the files, what a read may do,
// mistyped users and paths, files that cannot be written, a full disk and a read-only disk.
// Each case runs the real engram-cli on a real file, as a script or a person would.
#include "CliRunner.h"
#include "TestSupport.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"
#include "storage/Sql.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/types.h>

using namespace engram;

namespace {

int modeOf(const QString& path)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return static_cast<int>(st.st_mode & 07777);
}

QString octal(int mode)
{
    return QString::number(mode, 8);
}

// Runs `script` with sh inside new user and mount namespaces, where it may mount a tmpfs of its
// own (a small disk, a read-only disk) that vanishes with it. $1… are `args`.
struct ShellRun
{
    int exitCode{-1};
    QString out;
};

ShellRun inMountNamespace(const QString& script, const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("unshare"), QStringList{QStringLiteral("-rm"), QStringLiteral("sh"), QStringLiteral("-c"),
                                                   script, QStringLiteral("sh")} +
                                           args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

const QString kFact = QStringLiteral("The lighthouse keeper Wendelin counts gulls at dawn");

} // namespace

class TestCliSafety : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_next{};

    QString freshPath() { return m_dir.filePath(QStringLiteral("db%1.sqlite").arg(++m_next)); }
    test::CliRunner freshCli() { return test::CliRunner(freshPath()); }

    // A memory of `facts` facts for user "default", each about half a kilobyte.
    static void seed(const test::CliRunner& cli, int facts)
    {
        for (int i = 0; i < facts; ++i) {
            const test::CliRun run = cli.run({QStringLiteral("add-fact"), QStringLiteral("user"),
                                              QStringLiteral("note_%1").arg(i), kFact.repeated(9)});
            QVERIFY2(run.exitCode == 0, qPrintable(run.errText()));
        }
    }

    // Every item of every tier with its text, as a script sees it: equal means nothing was lost
    // or changed.
    static QByteArray countsOf(const test::CliRunner& cli)
    {
        const test::CliRun run = cli.run({QStringLiteral("--json"), QStringLiteral("list")});
        return run.exitCode == 0 ? run.out : QByteArray("list failed: ") + run.err;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary()));
        QVERIFY(m_dir.isValid());
        // The umask most systems start programs with: group and others may read.
        ::umask(022);
    }

    void theMemoryItsWalExportsAndBackupsAreTheUsersAlone()
    {
        // The default place, as a new user gets it.
        const QString data = m_dir.filePath(QStringLiteral("xdg-data"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data);
        env.remove(QStringLiteral("ENGRAM_DB"));
        QProcess cli;
        cli.setProcessEnvironment(env);
        cli.start(test::CliRunner::binary(), {QStringLiteral("add-fact"), QStringLiteral("user"),
                                              QStringLiteral("city"), QStringLiteral("Lisbon")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QString folder = data + QStringLiteral("/engram");
        const QString file = folder + QStringLiteral("/engram.sqlite");
        QVERIFY2(QFile::exists(file), qPrintable(file));
        QCOMPARE(octal(modeOf(folder)), QStringLiteral("700"));
        QCOMPARE(octal(modeOf(file)), QStringLiteral("600"));

        // While another program holds it open, the -wal and -shm exist: they are private too.
        const test::CliRunner runner(file);
        auto holder = Database::open(file);
        QVERIFY(holder);
        QVERIFY(sql::execute((*holder)->connection(), QStringLiteral("SELECT count(*) FROM facts")));
        QCOMPARE(runner
                     .run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"),
                           QStringLiteral("a cat")})
                     .exitCode,
                 0);
        QVERIFY(QFile::exists(file + QStringLiteral("-wal")));
        QCOMPARE(octal(modeOf(file + QStringLiteral("-wal"))), QStringLiteral("600"));
        QCOMPARE(octal(modeOf(file + QStringLiteral("-shm"))), QStringLiteral("600"));

        const QString exported = m_dir.filePath(QStringLiteral("private-export.json"));
        QCOMPARE(runner.run({QStringLiteral("export"), QStringLiteral("--out"), exported}).exitCode, 0);
        QCOMPARE(octal(modeOf(exported)), QStringLiteral("600"));
        const QString backup = m_dir.filePath(QStringLiteral("private-backup.json"));
        QCOMPARE(
            runner.run({QStringLiteral("clear"), QStringLiteral("--yes"), QStringLiteral("--backup"), backup}).exitCode,
            0);
        QCOMPARE(octal(modeOf(backup)), QStringLiteral("600"));
    }

    void anExistingLooseInstallIsTightened()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 1);
        QVERIFY(QFile::setPermissions(cli.databasePath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                              QFileDevice::ReadGroup | QFileDevice::ReadOther));
        QCOMPARE(octal(modeOf(cli.databasePath())), QStringLiteral("644"));
        QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"),
                          QStringLiteral("a cat")})
                     .exitCode,
                 0);
        QCOMPARE(octal(modeOf(cli.databasePath())), QStringLiteral("600"));
    }

    void aMistypedUserIsNamedNotCreated()
    {
        const test::CliRunner cli = freshCli();
        QCOMPARE(cli.runAs(QStringLiteral("alice"), {QStringLiteral("add-fact"), QStringLiteral("user"),
                                                     QStringLiteral("name"), QStringLiteral("Alice")})
                     .exitCode,
                 0);
        for (const QStringList& command :
             {QStringList{QStringLiteral("stats")}, QStringList{QStringLiteral("search"), QStringLiteral("Alice")},
              QStringList{QStringLiteral("list")}, QStringList{QStringLiteral("export")},
              QStringList{QStringLiteral("clear"), QStringLiteral("--yes")}, QStringList{QStringLiteral("undo")}}) {
            const test::CliRun run = cli.runAs(QStringLiteral("alcie"), command);
            QVERIFY2(run.exitCode == 2, qPrintable(command.join(u' ') + QStringLiteral(": ") + run.errText()));
            QVERIFY2(run.errText().contains(QStringLiteral("alcie")) && run.errText().contains(QStringLiteral("alice")),
                     qPrintable(run.errText()));
            QVERIFY(run.out.isEmpty());
        }
        const test::CliRun users = cli.run({QStringLiteral("--json"), QStringLiteral("users")});
        QCOMPARE(users.exitCode, 0);
        QVERIFY(!users.outText().contains(QStringLiteral("alcie")));
    }

    void readingNeverCreatesAMemory()
    {
        const test::CliRunner cli = freshCli();
        const test::CliRun stats = cli.run({QStringLiteral("stats")});
        QCOMPARE(stats.exitCode, 2);
        QVERIFY2(stats.errText().contains(QStringLiteral("no memory")), qPrintable(stats.errText()));
        QVERIFY(!QFile::exists(cli.databasePath()));
    }

    void anEmptyFileOrAMissingFolderIsNotMadeIntoANewMemory()
    {
        const QString empty = freshPath();
        QFile f(empty);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const test::CliRunner onEmpty(empty);
        const test::CliRun add =
            onEmpty.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(add.exitCode, 4);
        QVERIFY2(add.errText().contains(QStringLiteral("empty")), qPrintable(add.errText()));
        QCOMPARE(QFileInfo(empty).size(), 0);
        QCOMPARE(onEmpty.run({QStringLiteral("stats")}).exitCode, 4);

        const QString missing = m_dir.filePath(QStringLiteral("no-such-folder/memory.sqlite"));
        const test::CliRunner inMissing(missing);
        const test::CliRun added = inMissing.run(
            {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(added.exitCode, 4);
        QVERIFY2(added.errText().contains(QStringLiteral("does not exist")), qPrintable(added.errText()));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("no-such-folder"))));
    }

    void exportNeverReplacesADeviceOrAPipeAndDashIsStandardOutput()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 1);
        const QString fifo = m_dir.filePath(QStringLiteral("a-pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const test::CliRun toPipe = cli.run({QStringLiteral("export"), QStringLiteral("--out"), fifo});
        QCOMPARE(toPipe.exitCode, 4);
        QVERIFY2(toPipe.errText().contains(QStringLiteral("not a regular file")), qPrintable(toPipe.errText()));
        struct stat st
        {
        };
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));

        const test::CliRun toStdout = cli.run({QStringLiteral("export"), QStringLiteral("--out"), QStringLiteral("-")});
        QCOMPARE(toStdout.exitCode, 0);
        QVERIFY(toStdout.outText().contains(QStringLiteral("note_0")));
        QVERIFY(!QFile::exists(QDir::current().filePath(QStringLiteral("-"))));
    }

    void exportToAFullStandardOutputFails()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 1);
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(test::CliRunner::binary(), {QStringLiteral("--db"), cli.databasePath(), QStringLiteral("export")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 4);
        QVERIFY(QFileInfo(QStringLiteral("/dev/full")).exists());
    }

    void aFullDiskFailsTheExportAndTheClearAndLosesNothing()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 80); // about 40 KB of facts: more than the 16 KB disk below can hold
        const QByteArray before = countsOf(cli);
        const QString disk = m_dir.filePath(QStringLiteral("small-disk"));
        QVERIFY(QDir().mkpath(disk));
        const QString script =
            QStringLiteral("mount -t tmpfs -o size=16k tmpfs \"$1\" || exit 90\n"
                           "\"$2\" --db \"$3\" export --out \"$1/memory.json\"; echo \"export=$?\"\n"
                           "\"$2\" --db \"$3\" clear --yes --backup \"$1/backup.json\"; echo \"clear=$?\"\n"
                           "ls -A \"$1\"; echo end\n");
        const ShellRun run = inMountNamespace(script, {disk, test::CliRunner::binary(), cli.databasePath()});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("export=4")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("clear=4")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("disk is full")) || run.out.contains(QStringLiteral("No space")),
                 qPrintable(run.out));
        QVERIFY2(!run.out.contains(QStringLiteral("A backup was written")), qPrintable(run.out));
        // Nothing half-written stays on the full disk, and the memory is whole.
        QVERIFY2(run.out.contains(QStringLiteral("clear=4\nend")), qPrintable(run.out));
        QCOMPARE(countsOf(cli), before);
    }

    void aReadOnlyMemoryCanBeReadAndExported()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 3);
        const QString mount = m_dir.filePath(QStringLiteral("read-only-disk"));
        QVERIFY(QDir().mkpath(mount));
        const QString out = m_dir.filePath(QStringLiteral("rescued.json"));
        const QString script =
            QStringLiteral("mount -t tmpfs tmpfs \"$1\" || exit 90\n"
                           "cp \"$3\" \"$1/memory.sqlite\" && mount -o remount,ro \"$1\" || exit 91\n"
                           "\"$2\" --db \"$1/memory.sqlite\" --json stats; echo \"stats=$?\"\n"
                           "\"$2\" --db \"$1/memory.sqlite\" search Wendelin >/dev/null; echo \"search=$?\"\n"
                           "\"$2\" --db \"$1/memory.sqlite\" export --out \"$4\"; echo \"export=$?\"\n"
                           "\"$2\" --db \"$1/memory.sqlite\" add-fact user pet cat; echo \"add=$?\"\n");
        const ShellRun run = inMountNamespace(script, {mount, test::CliRunner::binary(), cli.databasePath(), out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out));
        QVERIFY2(run.out.contains(QRegularExpression(QStringLiteral("\"semantic\":\\s*3"))), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("stats=0")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("search=0")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("export=0")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("add=4")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("read-only")), qPrintable(run.out));
        QVERIFY(QFileInfo(out).size() > 0);
    }

    void readsGoOnWhileAnotherProgramHoldsTheWriteLock()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 2);
        auto writer = Database::open(cli.databasePath());
        QVERIFY(writer);
        QVERIFY((*writer)->beginTransaction());
        QVERIFY(sql::execute((*writer)->connection(),
                             QStringLiteral("UPDATE users SET display_name = 'busy' WHERE id = 'default'")));
        for (const QStringList& command :
             {QStringList{QStringLiteral("stats")}, QStringList{QStringLiteral("search"), QStringLiteral("Wendelin")},
              QStringList{QStringLiteral("list")}, QStringList{QStringLiteral("export")},
              QStringList{QStringLiteral("users")}}) {
            const test::CliRun run = cli.run(command);
            QVERIFY2(run.exitCode == 0, qPrintable(command.join(u' ') + QStringLiteral(": ") + run.errText()));
        }
        const test::CliRun blocked =
            cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"), QStringLiteral("cat")});
        QCOMPARE(blocked.exitCode, 4);
        QVERIFY2(blocked.errText().contains(QStringLiteral("busy")), qPrintable(blocked.errText()));
        (*writer)->rollback();
        QCOMPARE(
            cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"), QStringLiteral("cat")})
                .exitCode,
            0);
    }

    void aDamagedFileIsNotWrittenInto()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 60);
        QFile file(cli.databasePath());
        QVERIFY(file.open(QIODevice::ReadWrite));
        const qint64 size = file.size();
        QVERIFY(size > 16 * 4096);
        // Three pages near the end, where the facts' rows and index pages are, overwritten.
        QVERIFY(file.seek(size - 6 * 4096));
        QByteArray noise(3 * 4096, '\0');
        for (qsizetype i = 0; i < noise.size(); ++i)
            noise[i] = static_cast<char>((i * 7919 + 13) % 251);
        QCOMPARE(file.write(noise), noise.size());
        file.close();
        QFile damaged(cli.databasePath());
        QVERIFY(damaged.open(QIODevice::ReadOnly));
        const QByteArray before = damaged.readAll();
        damaged.close();

        for (const QStringList& command :
             {QStringList{QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("pet"),
                          QStringLiteral("cat")},
              QStringList{QStringLiteral("import"), m_dir.filePath(QStringLiteral("nothing.json"))}}) {
            const test::CliRun run = cli.run(command);
            QVERIFY2(run.exitCode == 4, qPrintable(command.first() + QStringLiteral(": ") + run.errText()));
            QVERIFY2(run.errText().contains(QStringLiteral("damaged")), qPrintable(run.errText()));
        }
        QFile after(cli.databasePath());
        QVERIFY(after.open(QIODevice::ReadOnly));
        QVERIFY(after.readAll() == before);
    }

    void aNulByteInABatchQueryIsReportedAndTheBatchGoesOn()
    {
        const test::CliRunner cli = freshCli();
        seed(cli, 1);
        const QByteArray input = QByteArrayLiteral("Wendelin\n\0oops\nlighthouse\n");
        const test::CliRun run = cli.run({QStringLiteral("search")}, input);
        QCOMPARE(run.exitCode, 3);
        const QList<Json> lines = run.jsonLines();
        QCOMPARE(lines.size(), 3);
        QVERIFY(!lines[0]["results"].empty());
        QVERIFY(lines[1].contains("error"));
        QVERIFY(!lines[2]["results"].empty());
    }
};

QTEST_GUILESS_MAIN(TestCliSafety)
#include "tst_clisafety.moc"
