#include "MemoryFixture.h"

#include "memory/MemoryService.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("default");

// A memory of an earlier version at `folder`/engram/engram.sqlite with one fact, its backups
// folder and a stray file beside it.
void writeLegacyMemory(const QString& folder)
{
    const QString legacy = QDir(folder).filePath(QStringLiteral("engram"));
    QVERIFY(QDir().mkpath(legacy + QStringLiteral("/backups")));
    {
        auto memory = MemoryService::open(QDir(legacy).filePath(QStringLiteral("engram.sqlite")));
        QVERIFY2(memory, qPrintable(memory.errorMessage()));
        QVERIFY((*memory)->ensureUser(kUser));
        QVERIFY((*memory)->addFact(kUser, QStringLiteral("user"), QStringLiteral("job"), QStringLiteral("editor")));
    }
    QFile backup(legacy + QStringLiteral("/backups/engram-old.sqlite"));
    QVERIFY(backup.open(QIODevice::WriteOnly) && backup.write("backup") == 6);
}

QString factIn(const QString& path)
{
    auto memory = MemoryService::open(path);
    if (!memory)
        return QStringLiteral("<%1>").arg(memory.errorMessage());
    auto facts = (*memory)->activeFacts(kUser);
    return facts && facts->size() == 1 ? facts->first().object : QStringLiteral("<no fact>");
}

} // namespace

// The data folder was ~/.local/share/engram/engram/ (the name twice); it is now
// ~/.local/share/engram/, and the first open of the default memory moves the old one up (issue 15).
class TestDataFolder final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theDefaultFolderNamesEngramOnce()
    {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", QFile::encodeName(home.path()));
        QCOMPARE(DataFolder::defaultFolder(), home.filePath(QStringLiteral("engram")));
        QCOMPARE(Database::defaultPath(), home.filePath(QStringLiteral("engram/engram.sqlite")));
    }

    void anOldFolderIsMovedWithoutLoss()
    {
        QTemporaryDir dir;
        writeLegacyMemory(dir.path());
        auto moved = DataFolder::moveLegacy(dir.path());
        QVERIFY2(moved, qPrintable(moved.errorMessage()));
        QVERIFY(moved->moved);
        QVERIFY(moved->leftover.isEmpty());
        QCOMPARE(factIn(dir.filePath(QStringLiteral("engram.sqlite"))), QStringLiteral("editor"));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("backups/engram-old.sqlite"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("engram"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral(".engram-moving"))));
        // Nothing more to do the second time.
        QVERIFY(!DataFolder::moveLegacy(dir.path())->moved);
    }

    void openingTheDefaultMemoryMovesTheOldOne()
    {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", QFile::encodeName(home.path()));
        writeLegacyMemory(DataFolder::defaultFolder());
        QCOMPARE(factIn(Database::defaultPath()), QStringLiteral("editor"));
        QVERIFY(!QFileInfo::exists(DataFolder::defaultFolder() + QStringLiteral("/engram/engram.sqlite")));
    }

    // A move a crash interrupted (the old folder renamed, the backups moved, the memory not yet)
    // is finished by the next call, before anything opens the memory.
    void anInterruptedMoveIsFinished()
    {
        QTemporaryDir dir;
        writeLegacyMemory(dir.path());
        const QString staging = dir.filePath(QStringLiteral(".engram-moving"));
        QVERIFY(QDir().rename(dir.filePath(QStringLiteral("engram")), staging));
        QVERIFY(QDir().rename(staging + QStringLiteral("/backups"), dir.filePath(QStringLiteral("backups"))));
        auto moved = DataFolder::moveLegacy(dir.path());
        QVERIFY2(moved, qPrintable(moved.errorMessage()));
        QVERIFY(moved->moved);
        QCOMPARE(factIn(dir.filePath(QStringLiteral("engram.sqlite"))), QStringLiteral("editor"));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("backups/engram-old.sqlite"))));
        QVERIFY(!QFileInfo::exists(staging));
    }

    void aFolderWithItsOwnMemoryLeavesTheOldOneAlone()
    {
        QTemporaryDir dir;
        writeLegacyMemory(dir.path());
        {
            auto current = MemoryService::open(dir.filePath(QStringLiteral("engram.sqlite")));
            QVERIFY(current && (*current)->ensureUser(kUser));
            QVERIFY((*current)->addFact(kUser, QStringLiteral("user"), QStringLiteral("job"), QStringLiteral("pilot")));
        }
        auto moved = DataFolder::moveLegacy(dir.path());
        QVERIFY(moved && !moved->moved);
        QCOMPARE(factIn(dir.filePath(QStringLiteral("engram.sqlite"))), QStringLiteral("pilot"));
        QCOMPARE(factIn(dir.filePath(QStringLiteral("engram/engram.sqlite"))), QStringLiteral("editor"));
    }

    void anEntryOfTheSameNameIsNotOverwritten()
    {
        QTemporaryDir dir;
        writeLegacyMemory(dir.path());
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("backups"))));
        QFile mine(dir.filePath(QStringLiteral("backups/mine.sqlite")));
        QVERIFY(mine.open(QIODevice::WriteOnly) && mine.write("mine") == 4);
        mine.close();
        auto moved = DataFolder::moveLegacy(dir.path());
        QVERIFY2(moved, qPrintable(moved.errorMessage()));
        QVERIFY(moved->moved);
        QCOMPARE(moved->leftover, QStringList{QStringLiteral("backups")});
        QCOMPARE(factIn(dir.filePath(QStringLiteral("engram.sqlite"))), QStringLiteral("editor"));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("backups/mine.sqlite"))));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("engram-older-files/backups/engram-old.sqlite"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral(".engram-moving"))));
        QVERIFY(!DataFolder::moveLegacy(dir.path())->moved); // done: nothing is tried again
    }
};

QTEST_GUILESS_MAIN(TestDataFolder)
#include "tst_datafolder.moc"
