// The app's start on a damaged memory file: the real AppStartup and MainWindow, offscreen. The
// damaged file is never written: it is moved aside, and the user restores the newest good backup
// or starts with an empty memory. Help → Check Memory File gives the full check's verdict.
#include "AppSettings.h"
#include "AppStartup.h"
#include "DamagedFiles.h"
#include "MainWindow.h"
#include "MemoryFileCare.h"
#include "MessageBoxes.h"
#include "ScriptedChatEngine.h"
#include "SecretStore.h"
#include "memory/MemoryService.h"
#include "storage/Backups.h"
#include "storage/Database.h"
#include "storage/DatabaseCheck.h"

#include <QAction>
#include <QDir>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("default");
const QString kKept = QStringLiteral("Wendelin keeps the lighthouse on Tuesdays");
const QString kLater = QStringLiteral("Added after the backup was taken");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every cell of a view's model, for "is this fact shown".
QString shownText(QTableView* view)
{
    QStringList cells;
    if (!view || !view->model())
        return {};
    const QAbstractItemModel* model = view->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c)
            cells.append(model->index(r, c).data().toString());
    }
    return cells.join(QLatin1Char('\n'));
}

} // namespace

class TestStartRecovery final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MemorySecretStore> m_secrets;

    // A memory of a few hundred facts (so the middle of the file holds data pages), a good backup
    // of it, one fact more, then pages in the middle of the closed file overwritten.
    void makeDamagedMemoryWithBackup(bool withBackup)
    {
        {
            auto opened = MemoryService::open(m_path);
            QVERIFY2(opened, qPrintable(opened.errorMessage()));
            MemoryService& m = **opened;
            QVERIFY(m.ensureUser(kUser));
            QVERIFY(m.addFact(kUser, QStringLiteral("user"), QStringLiteral("hobby"), kKept));
            for (int i = 0; i < 300; ++i)
                QVERIFY(m.addFact(kUser, QStringLiteral("user"), QStringLiteral("note%1").arg(i),
                                  QStringLiteral("Filler fact number %1 to give the file some pages").arg(i)));
            if (withBackup)
                QVERIFY(Backups(m_path).create());
            QVERIFY(m.addFact(kUser, QStringLiteral("user"), QStringLiteral("later"), kLater));
        }
        QVERIFY(!QFile::exists(m_path + QStringLiteral("-wal"))); // closed cleanly: all in the main file
        QVERIFY(test::overwritePagesMidFile(m_path, 4));
        QCOMPARE(DatabaseCheck::check(m_path, DatabaseCheck::Depth::Quick).state,
                 DatabaseCheck::Verdict::State::Damaged);
    }

    QStringList asideFiles() const
    {
        // The main file only: its -wal and -shm (made by the read-only check) move along with it.
        QStringList names = QDir(m_dir->path()).entryList({QStringLiteral("engram.sqlite.damaged-*")}, QDir::Files);
        names.removeIf([](const QString& n) { return n.endsWith(QLatin1String("-wal")) || n.endsWith(QLatin1String("-shm")); });
        return names;
    }

    std::unique_ptr<MainWindow> openWindow(MemoryService& memory, test::ScriptedChatEngine& engine)
    {
        auto window = std::make_unique<MainWindow>(memory, *m_settings, *m_secrets, engine);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        return window;
    }

private Q_SLOTS:
    void initTestCase() { AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")); }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_path = m_dir->filePath(QStringLiteral("engram.sqlite"));
        m_settings = std::make_unique<AppSettings>(m_dir->filePath(QStringLiteral("engram.ini")));
        m_secrets = std::make_unique<MemorySecretStore>();
        MessageBoxes::clearLastText();
    }

    void cleanup()
    {
        MessageBoxes::setDefaultAnswer(QMessageBox::NoButton);
        m_secrets.reset();
        m_settings.reset();
        m_dir.reset();
    }

    void damagedFileIsMovedAsideAndTheNewestGoodBackupRestored()
    {
        makeDamagedMemoryWithBackup(true);
        const QByteArray damaged = readAll(m_path);

        MessageBoxes::setNextAnswer(QMessageBox::Yes); // "Restore the newest good backup"
        auto memory = AppStartup::openMemory(*MemoryLocation::parse(m_path), m_settings->memoryConfig());
        QVERIFY(memory);
        QVERIFY2(MessageBoxes::lastText().contains(QStringLiteral("moved aside")), qPrintable(MessageBoxes::lastText()));
        QVERIFY(MessageBoxes::lastText().contains(QStringLiteral("newest good backup")));

        // The damaged file is kept, byte for byte, under its dated name.
        const QStringList aside = asideFiles();
        QCOMPARE(aside.size(), 1);
        QCOMPARE(readAll(m_dir->filePath(aside.first())), damaged);
        QVERIFY(MessageBoxes::lastText().contains(aside.first()));

        QVERIFY(memory->ensureUser(kUser));
        test::ScriptedChatEngine engine(memory.get());
        auto window = openWindow(*memory, engine);
        QVERIFY(window);
        auto* facts = window->findChild<QTableView*>(QStringLiteral("factsTableView"));
        QVERIFY(facts);
        QTRY_VERIFY(shownText(facts).contains(kKept));
        QVERIFY(!shownText(facts).contains(kLater)); // it came after the backup
        QCOMPARE(DatabaseCheck::check(m_path, DatabaseCheck::Depth::Full).state, DatabaseCheck::Verdict::State::Ok);
    }

    void startFreshKeepsTheDamagedFileAside()
    {
        makeDamagedMemoryWithBackup(true);
        const QByteArray damaged = readAll(m_path);

        MessageBoxes::setNextAnswer(QMessageBox::No); // "Start with an empty memory"
        auto memory = AppStartup::openMemory(*MemoryLocation::parse(m_path), m_settings->memoryConfig());
        QVERIFY(memory);
        QCOMPARE(asideFiles().size(), 1);
        QCOMPARE(readAll(m_dir->filePath(asideFiles().first())), damaged);
        QVERIFY(memory->ensureUser(kUser));
        test::ScriptedChatEngine engine(memory.get());
        auto window = openWindow(*memory, engine);
        QVERIFY(window);
        auto* facts = window->findChild<QTableView*>(QStringLiteral("factsTableView"));
        QVERIFY(facts);
        QVERIFY(facts->model());
        QCOMPARE(facts->model()->rowCount(), 0);
        // The backup is still there for later.
        QCOMPARE(Backups(m_path).list().size(), 1);
    }

    void withoutABackupTheChoiceIsEmptyOrQuit()
    {
        makeDamagedMemoryWithBackup(false);
        MessageBoxes::setNextAnswer(QMessageBox::Cancel); // "Quit"
        QVERIFY(!AppStartup::openMemory(*MemoryLocation::parse(m_path), m_settings->memoryConfig()));
        QVERIFY(MessageBoxes::lastText().contains(QStringLiteral("no good backup")));
        QCOMPARE(asideFiles().size(), 1);
        QVERIFY(!QFile::exists(m_path)); // nothing new was created in its place
    }

    void helpChecksTheMemoryFile()
    {
        auto memory = AppStartup::openMemory(*MemoryLocation::parse(m_path), m_settings->memoryConfig());
        QVERIFY(memory);
        QVERIFY(memory->ensureUser(kUser));
        for (int i = 0; i < 300; ++i)
            QVERIFY(memory->addFact(kUser, QStringLiteral("user"), QStringLiteral("note%1").arg(i),
                                    QStringLiteral("Filler fact number %1 to give the file some pages").arg(i)));
        test::ScriptedChatEngine engine(memory.get());
        auto window = openWindow(*memory, engine);
        QVERIFY(window);
        auto* check = window->findChild<QAction*>(QStringLiteral("checkMemoryFileAction"));
        QVERIFY(check);
        MessageBoxes::setDefaultAnswer(QMessageBox::Ok);
        QSignalSpy checked(window->memoryFileCare(), &MemoryFileCare::checked);

        check->trigger();
        QVERIFY(checked.wait(30000));
        QVERIFY2(checked.first().first().toString().contains(QStringLiteral("no problem")),
                 qPrintable(checked.first().first().toString()));
        QCOMPARE(MessageBoxes::lastText(), checked.first().first().toString());

        QVERIFY(memory->database().checkpoint());
        QVERIFY(test::overwritePagesMidFile(m_path, 4));
        check->trigger();
        QVERIFY(checked.wait(30000));
        QVERIFY2(checked.last().first().toString().contains(QStringLiteral("is damaged")),
                 qPrintable(checked.last().first().toString()));
    }
};

QTEST_MAIN(TestStartRecovery)
#include "tst_startrecovery.moc"
