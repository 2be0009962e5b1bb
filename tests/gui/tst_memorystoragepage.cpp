// Settings → Memory Storage and the start that follows it, against a real PostgreSQL server
// (scripts/with-postgres.sh; CTest label "postgres"): the page refuses addresses it cannot use,
// "Test connection" really opens the server, Save puts the address in the settings file and the
// password only in the secret store, and the next start opens that server with that password — or
// says why it cannot, without quietly using the file on this computer instead (issue 17).
#include "AppSettings.h"
#include "AppStartup.h"
#include "MainWindow.h"
#include "MemoryFixture.h"
#include "MemoryStoragePage.h"
#include "MessageBoxes.h"
#include "ScriptedChatEngine.h"
#include "SecretStore.h"
#include "SettingsDialog.h"
#include "TestLocation.h"
#include "memory/MemoryService.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

// Connecting, migrating a fresh database and answering: well within this on any machine.
constexpr int kServerWaitMs = 30000;

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestMemoryStoragePage final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_serverDir;
    std::unique_ptr<test::TestLocation> m_server; // a fresh database on the server, dropped at the end
    QByteArray m_serverPassword;                  // PGPASSWORD as scripts/with-postgres.sh set it
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MemorySecretStore> m_secrets;
    std::unique_ptr<SettingsDialog> m_dialog;

    // The test database's address as a user writes it: user, host and port spelled out.
    QString serverAddress(int port = 0) const
    {
        return QStringLiteral("postgresql://%1@%2:%3/%4")
            .arg(qEnvironmentVariable("PGUSER"), qEnvironmentVariable("PGHOST"))
            .arg(port > 0 ? port : qEnvironmentVariableIntValue("PGPORT"))
            .arg(m_server->location().databaseName());
    }
    QString password() const { return QString::fromUtf8(m_serverPassword); }

    // Settings with the Memory Storage tab open, as MainWindow builds it.
    MemoryStoragePage* openPage(const QString& inUse = QStringLiteral("/home/me/.local/share/engram/engram.sqlite"))
    {
        m_dialog = std::make_unique<SettingsDialog>(*m_settings, *m_secrets);
        auto* page = new MemoryStoragePage(*m_settings, *m_secrets, inUse);
        m_dialog->addMemoryStoragePage(page);
        m_dialog->findChild<QTabWidget*>(QStringLiteral("settingsTabWidget"))->setCurrentWidget(page);
        m_dialog->show();
        if (!QTest::qWaitForWindowExposed(m_dialog.get()))
            return nullptr;
        return page;
    }
    template <typename T>
    T* child(const char* name) const
    {
        T* w = m_dialog->findChild<T*>(QLatin1String(name));
        if (!w)
            qWarning("no child named %s", name);
        return w;
    }
    QLineEdit* addressEdit() const { return child<QLineEdit>("serverAddressLineEdit"); }
    QLineEdit* passwordEdit() const { return child<QLineEdit>("serverPasswordLineEdit"); }
    QLabel* addressError() const { return child<QLabel>("serverAddressErrorLabel"); }
    QLabel* testResult() const { return child<QLabel>("serverTestResultLabel"); }
    QPushButton* testButton() const { return child<QPushButton>("testServerButton"); }
    QRadioButton* serverChoice() const { return child<QRadioButton>("serverStorageRadioButton"); }
    QRadioButton* fileChoice() const { return child<QRadioButton>("fileStorageRadioButton"); }

    void chooseServer(const QString& text, const QString& secret = {})
    {
        QTest::mouseClick(serverChoice(), Qt::LeftButton, {}, QPoint(4, serverChoice()->height() / 2));
        addressEdit()->clear();
        QTest::keyClicks(addressEdit(), text);
        if (!secret.isEmpty()) {
            passwordEdit()->clear();
            QTest::keyClicks(passwordEdit(), secret);
        }
    }
    // Clicks Test Connection and waits for its verdict.
    QString testConnection()
    {
        QTest::mouseClick(testButton(), Qt::LeftButton);
        if (!QTest::qWaitFor([this] { return testButton()->isEnabled(); }, kServerWaitMs))
            return QStringLiteral("(no verdict)");
        return testResult()->text();
    }
    void clickSave() const
    {
        QTest::mouseClick(child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save), Qt::LeftButton);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("PGHOST") && !qEnvironmentVariableIsEmpty("PGPASSWORD"),
                 "needs a server: run through scripts/with-postgres.sh (ctest -L postgres)");
        QVERIFY2(test::onServer(), "CTest sets ENGRAM_TEST_BACKEND=postgres for this suite");
        AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
        qunsetenv("ENGRAM_DB");
        m_serverPassword = qgetenv("PGPASSWORD");
        m_server = std::make_unique<test::TestLocation>(m_serverDir.path());
    }

    void cleanupTestCase()
    {
        qputenv("PGPASSWORD", m_serverPassword); // to drop the database
        m_server.reset();
    }

    void init()
    {
        qputenv("PGPASSWORD", m_serverPassword);
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_settings = std::make_unique<AppSettings>(m_dir->filePath(QStringLiteral("engram.ini")));
        m_secrets = std::make_unique<MemorySecretStore>();
        MessageBoxes::clearLastText();
    }

    void cleanup()
    {
        MessageBoxes::setDefaultAnswer(QMessageBox::NoButton);
        m_dialog.reset();
        m_secrets.reset();
        m_settings.reset();
        m_dir.reset();
        qputenv("PGPASSWORD", m_serverPassword);
    }

    void theFileIsTheChoiceUntilAServerIsSaved()
    {
        QVERIFY(openPage());
        QVERIFY(fileChoice()->isChecked());
        QCOMPARE(child<QLineEdit>("memoryFileLineEdit")->text(),
                 QDir::toNativeSeparators(MemoryLocation::defaultFile().filePath()));
        QVERIFY(child<QLineEdit>("memoryFileLineEdit")->isReadOnly());
        QVERIFY(!addressEdit()->isEnabled());
        QVERIFY(!testButton()->isEnabled());
        QVERIFY(child<QLabel>("storageNextStartLabel")->text().contains(QStringLiteral("engram-cli migrate")));
        QVERIFY(child<QLabel>("storageInUseLabel")->text().contains(QStringLiteral("engram.sqlite")));
    }

    void badAddressShowsTheParseError_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown option") << QStringLiteral("postgresql://me@db.example.org/engram?sslmod=require")
                                        << QStringLiteral("\"sslmod\"");
        QTest::newRow("two databases") << QStringLiteral("postgresql://me@db.example.org/engram/other")
                                       << QStringLiteral("more than one database");
        QTest::newRow("other scheme") << QStringLiteral("mysql://me@db.example.org/engram")
                                      << QStringLiteral("neither a file nor a postgresql:// URL");
        QTest::newRow("a file") << QStringLiteral("/home/me/engram.sqlite") << QStringLiteral("postgresql://");
    }

    void badAddressShowsTheParseError()
    {
        QFETCH(QString, address);
        QFETCH(QString, expected);
        QVERIFY(openPage());
        chooseServer(address);
        QVERIFY(addressError()->isVisible());
        QVERIFY2(addressError()->text().contains(expected), qPrintable(addressError()->text()));

        // Save refuses it and says why; nothing is written.
        clickSave();
        QVERIFY(m_dialog->isVisible());
        QVERIFY(child<QLabel>("saveErrorLabel")->isVisible());
        QCOMPARE(child<QLabel>("saveErrorLabel")->text(), addressError()->text());
        QVERIFY(m_settings->memoryServer().isEmpty());

        // A good address clears the message.
        addressEdit()->clear();
        QTest::keyClicks(addressEdit(), serverAddress());
        QVERIFY(!addressError()->isVisible());
    }

    void passwordInTheAddressIsRefused()
    {
        const QString secret = QStringLiteral("hunter2-in-the-url");
        QVERIFY(openPage());
        chooseServer(QStringLiteral("postgresql://me:%1@localhost:%2/engram")
                         .arg(secret)
                         .arg(qEnvironmentVariableIntValue("PGPORT")));
        QVERIFY(addressError()->isVisible());
        QVERIFY2(addressError()->text().contains(QStringLiteral("Leave the password out")),
                 qPrintable(addressError()->text()));
        QVERIFY(testConnection().contains(QStringLiteral("Leave the password out")));

        clickSave();
        QVERIFY(m_dialog->isVisible());
        m_settings->sync();
        QVERIFY(!fileBytes(m_settings->fileName()).contains(secret.toUtf8()));
        QVERIFY(!m_secrets->contains(AppSettings::serverPasswordSecretName()));
    }

    void emptyAddressIsRefused()
    {
        QVERIFY(openPage());
        chooseServer(QString());
        QVERIFY(!addressError()->isVisible()); // not an error while nothing is typed
        clickSave();
        QVERIFY(m_dialog->isVisible());
        QVERIFY(child<QLabel>("saveErrorLabel")->text().contains(QStringLiteral("Enter the server's address")));
    }

    void testConnectionOpensTheServerWithTheTypedPassword()
    {
        QVERIFY(openPage());
        // Only the field's password can let it in.
        qunsetenv("PGPASSWORD");
        chooseServer(serverAddress(), password());
        const QString verdict = testConnection();
        QVERIFY2(verdict.startsWith(QStringLiteral("Connected: PostgreSQL 15")), qPrintable(verdict));
        // The password was in the environment for the attempt only.
        QVERIFY(!qEnvironmentVariableIsSet("PGPASSWORD"));
        // Opened for writing, as the next start will: Engram's tables are there now.
        auto db = Database::open(m_server->location(), Database::Access::ReadOnly);
        QVERIFY(!db); // without a password
        qputenv("PGPASSWORD", m_serverPassword);
        db = Database::open(m_server->location(), Database::Access::ReadOnly);
        QVERIFY2(db, qPrintable(db.errorMessage()));
        QVERIFY((*db)->isServer());
        QCOMPARE((*db)->schemaVersion(), int((*db)->backend().migrations().size()));
    }

    void testConnectionWithAWrongPasswordFails()
    {
        QVERIFY(openPage());
        chooseServer(serverAddress(), QStringLiteral("not-the-password"));
        const QString verdict = testConnection();
        QVERIFY2(verdict.startsWith(QStringLiteral("Failed: ")), qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral("password authentication failed")), qPrintable(verdict));
        QCOMPARE(qgetenv("PGPASSWORD"), m_serverPassword); // put back as it was
    }

    void testConnectionToAClosedPortFails()
    {
        QVERIFY(openPage());
        chooseServer(serverAddress(1), password());
        const QString verdict = testConnection();
        QVERIFY2(verdict.startsWith(QStringLiteral("Failed: ")), qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral("unreachable")), qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral(":1")), qPrintable(verdict)); // names where it knocked
    }

    void saveKeepsTheAddressInSettingsAndThePasswordInTheSecretStore()
    {
        const QString url = serverAddress() + QStringLiteral("?sslmode=prefer");
        QVERIFY(openPage());
        chooseServer(url, password());
        clickSave();
        QTRY_VERIFY(!m_dialog->isVisible());
        QCOMPARE(m_dialog->result(), int(QDialog::Accepted));

        QCOMPARE(m_settings->memoryServer(), url);
        QCOMPARE(AppSettings(m_settings->fileName()).memoryServer(), url);
        QCOMPARE(m_secrets->value(AppSettings::serverPasswordSecretName()), password());
        const QByteArray bytes = fileBytes(m_settings->fileName());
        QVERIFY(bytes.contains(m_server->location().databaseName().toUtf8()));
        QVERIFY(!bytes.contains(m_serverPassword));

        // Settings opened again shows what was saved, the password from the store.
        QVERIFY(openPage());
        QVERIFY(serverChoice()->isChecked());
        QCOMPARE(addressEdit()->text(), url);
        QTRY_COMPARE(passwordEdit()->text(), password());
        QCOMPARE(passwordEdit()->echoMode(), QLineEdit::Password);
    }

    void leavingThePasswordAloneKeepsIt()
    {
        m_settings->setMemoryServer(serverAddress());
        QVERIFY(m_secrets->contains(AppSettings::serverPasswordSecretName()) == false);
        bool written = false;
        m_secrets->write(AppSettings::serverPasswordSecretName(), password(), this,
                         [&written](const Status& st) { written = bool(st); });
        QTRY_VERIFY(written);
        QVERIFY(openPage());
        QTRY_COMPARE(passwordEdit()->text(), password());
        clickSave();
        QTRY_VERIFY(!m_dialog->isVisible());
        QCOMPARE(m_secrets->value(AppSettings::serverPasswordSecretName()), password());
    }

    void backToTheFileForgetsTheServerAndItsPassword()
    {
        m_settings->setMemoryServer(serverAddress());
        bool written = false;
        m_secrets->write(AppSettings::serverPasswordSecretName(), password(), this,
                         [&written](const Status& st) { written = bool(st); });
        QTRY_VERIFY(written);
        QVERIFY(openPage());
        QVERIFY(serverChoice()->isChecked());
        QTest::mouseClick(fileChoice(), Qt::LeftButton, {}, QPoint(4, fileChoice()->height() / 2));
        QVERIFY(fileChoice()->isChecked());
        QVERIFY(!addressEdit()->isEnabled());
        clickSave();
        QTRY_VERIFY(!m_dialog->isVisible());
        QVERIFY(m_settings->memoryServer().isEmpty());
        QVERIFY(!fileBytes(m_settings->fileName()).contains("postgresql://"));
        QVERIFY(!m_secrets->contains(AppSettings::serverPasswordSecretName()));
    }

    void theWindowsSettingsHaveTheTabAndSayWhatIsInUse()
    {
        test::MemoryFixture memory; // on the server: ENGRAM_TEST_BACKEND=postgres
        QVERIFY(memory->ensureUser(QStringLiteral("default")));
        test::ScriptedChatEngine engine(&memory.service());
        MainWindow window(memory.service(), *m_settings, *m_secrets, engine);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SettingsDialog* dialog = window.openSettings();
        auto* page = dialog->findChild<MemoryStoragePage*>(QStringLiteral("memoryStoragePage"));
        QVERIFY(page);
        auto* tabs = dialog->findChild<QTabWidget*>(QStringLiteral("settingsTabWidget"));
        QCOMPARE(tabs->tabText(tabs->indexOf(page)), QStringLiteral("Memory Storage"));
        const QString inUse = page->findChild<QLabel*>(QStringLiteral("storageInUseLabel"))->text();
        QVERIFY2(inUse.contains(memory->database().path()), qPrintable(inUse));
        QVERIFY(inUse.contains(QStringLiteral("postgresql://")));
        dialog->reject();
    }

    // ---- the next start

    void startOpensTheSavedServerWithThePasswordFromTheSecretStore()
    {
        m_settings->setMemoryServer(serverAddress());
        bool written = false;
        m_secrets->write(AppSettings::serverPasswordSecretName(), password(), this,
                         [&written](const Status& st) { written = bool(st); });
        QTRY_VERIFY(written);
        qunsetenv("PGPASSWORD"); // the secret store's password is the only one

        auto location = AppStartup::chooseLocation(QString(), *m_settings);
        QVERIFY2(location, qPrintable(location.errorMessage()));
        QCOMPARE(location->kind(), MemoryLocation::Kind::Server);
        QCOMPARE(location->databaseName(), m_server->location().databaseName());
        QCOMPARE(location->port(), qEnvironmentVariableIntValue("PGPORT"));

        // Without the password the server turns the app away (so the password below is what counts).
        MessageBoxes::setDefaultAnswer(QMessageBox::Ok);
        QVERIFY(!AppStartup::openMemory(*location, m_settings->memoryConfig()));
        QVERIFY2(MessageBoxes::lastText().contains(QStringLiteral("password")), qPrintable(MessageBoxes::lastText()));
        MessageBoxes::clearLastText();

        AppStartup::providePassword(*location, *m_secrets);
        QCOMPARE(qgetenv("PGPASSWORD"), m_serverPassword);
        auto memory = AppStartup::openMemory(*location, m_settings->memoryConfig());
        QVERIFY2(memory, qPrintable(MessageBoxes::lastText()));
        QVERIFY(memory->database().isServer());
        QCOMPARE(memory->database().path(), location->describe());
        // The window never waits on the network to try a lost server again (ServerKnock).
        QVERIFY(memory->database().triesServerInBackground());
        QVERIFY(MessageBoxes::lastText().isEmpty());
        QVERIFY(!QFile::exists(MemoryLocation::defaultFile().filePath()));
    }

    void aPasswordAlreadyInTheEnvironmentWins()
    {
        m_settings->setMemoryServer(serverAddress());
        bool written = false;
        m_secrets->write(AppSettings::serverPasswordSecretName(), QStringLiteral("stale-keychain-password"), this,
                         [&written](const Status& st) { written = bool(st); });
        QTRY_VERIFY(written);
        auto location = AppStartup::chooseLocation(QString(), *m_settings);
        QVERIFY(location);
        AppStartup::providePassword(*location, *m_secrets);
        QCOMPARE(qgetenv("PGPASSWORD"), m_serverPassword);
    }

    void dbAndEngramDbWinOverTheSavedServer()
    {
        m_settings->setMemoryServer(serverAddress());
        const QString file = m_dir->filePath(QStringLiteral("mine.sqlite"));
        auto given = AppStartup::chooseLocation(file, *m_settings);
        QVERIFY(given);
        QVERIFY(given->isFile());
        QCOMPARE(given->filePath(), file);

        qputenv("ENGRAM_DB", file.toUtf8());
        auto fromEnvironment = AppStartup::chooseLocation(QString(), *m_settings);
        qunsetenv("ENGRAM_DB");
        QVERIFY(fromEnvironment);
        QVERIFY(fromEnvironment->isFile());
        QCOMPARE(fromEnvironment->filePath(), file);

        // A file needs no password: the secret store is not asked.
        qunsetenv("PGPASSWORD");
        AppStartup::providePassword(*given, *m_secrets);
        QVERIFY(!qEnvironmentVariableIsSet("PGPASSWORD"));

        m_settings->setMemoryServer(QString());
        auto fallback = AppStartup::chooseLocation(QString(), *m_settings);
        QVERIFY(fallback);
        QCOMPARE(fallback->filePath(), MemoryLocation::defaultFile().filePath());
    }

    void anUnreachableSavedServerIsReportedNotReplacedByTheFile()
    {
        m_settings->setMemoryServer(serverAddress(1));
        auto location = AppStartup::chooseLocation(QString(), *m_settings);
        QVERIFY(location);
        QVERIFY(!location->isFile());
        MessageBoxes::setDefaultAnswer(QMessageBox::Ok);
        QVERIFY(!AppStartup::openMemory(*location, m_settings->memoryConfig()));
        const QString told = MessageBoxes::lastText();
        QVERIFY2(told.contains(QStringLiteral("unreachable")), qPrintable(told));
        QVERIFY(told.contains(location->describe()));
        QVERIFY(told.contains(QStringLiteral("did not switch to the memory file")));
        QVERIFY(!QFile::exists(MemoryLocation::defaultFile().filePath()));
    }

    void aBrokenSavedAddressStopsTheStart()
    {
        m_settings->setMemoryServer(QStringLiteral("postgresql://me:secret@db.example.org/engram"));
        auto location = AppStartup::chooseLocation(QString(), *m_settings);
        QVERIFY(!location);
        QVERIFY2(location.errorMessage().contains(QStringLiteral("saved in Settings")),
                 qPrintable(location.errorMessage()));
    }
};

QTEST_MAIN(TestMemoryStoragePage)
#include "tst_memorystoragepage.moc"
