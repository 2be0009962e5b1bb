// The keychain store on a machine with no keychain service (as in CI): the key must still work
// for the session, the user must be told, and nothing may be written to a plain file.
#include "KeychainSecretStore.h"

#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

class TestKeychainSecretStore final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_noBus;

    static bool anyFileContains(const QString& root, const QByteArray& needle)
    {
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
                return true;
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // A session bus address that leads nowhere: no keychain service can answer, and no
        // D-Bus autolaunch can start one.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + m_noBus.filePath(QStringLiteral("no-bus")).toUtf8());
    }

    void withoutAKeychainTheKeyLastsTheSessionOnly()
    {
        KeychainSecretStore store(QStringLiteral("engram-test"));
        QSignalSpy persistence(&store, &SecretStore::persistenceChanged);
        QObject context;
        const QString secret = QStringLiteral("sk-keychain-test-7f3a9c");

        std::optional<Status> written;
        store.write(QStringLiteral("llm-api-key"), secret, &context, [&](const Status& st) { written = st; });
        QTRY_VERIFY_WITH_TIMEOUT(written.has_value(), 30000);
        QVERIFY(written->ok());
        QVERIFY(!store.isPersistent());
        QVERIFY(store.unavailableReason().contains(QStringLiteral("keychain")));
        QCOMPARE(persistence.size(), 1);
        QCOMPARE(persistence.first().first().toBool(), false);

        std::optional<Result<QString>> read;
        store.read(QStringLiteral("llm-api-key"), &context, [&](const Result<QString>& r) { read = r; });
        QTRY_VERIFY(read.has_value());
        QCOMPARE(read->value(), secret);

        // Nothing reached a file: not the test's HOME, not its config or data folders.
        QVERIFY(!anyFileContains(QDir::homePath(), secret.toUtf8()));

        std::optional<Status> removed;
        store.remove(QStringLiteral("llm-api-key"), &context, [&](const Status& st) { removed = st; });
        QTRY_VERIFY(removed.has_value());
        read.reset();
        store.read(QStringLiteral("llm-api-key"), &context, [&](const Result<QString>& r) { read = r; });
        QTRY_VERIFY(read.has_value());
        QVERIFY(read->value().isEmpty());
    }

    void aClosedDialogIsNeverCalledBack()
    {
        KeychainSecretStore store(QStringLiteral("engram-test"));
        bool called = false;
        {
            QObject context;
            store.read(QStringLiteral("llm-api-key"), &context, [&](const Result<QString>&) { called = true; });
        }
        QTest::qWait(200);
        QVERIFY(!called);
    }
};

QTEST_MAIN(TestKeychainSecretStore)
#include "tst_keychainsecretstore.moc"
