// The real desktop app quits cleanly on SIGTERM (what a logout sends), whether the first start's
// welcome is on screen or the main window: exit code 0 within seconds, never a hang.
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString appBinary()
{
    const QString dir = qEnvironmentVariable("ENGRAM_BINARY_DIR", QDir::currentPath());
    return QDir(dir).absoluteFilePath(QStringLiteral("src/app/engram"));
}

} // namespace

class TestAppSignals final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sigtermEndsTheApp_data()
    {
        QTest::addColumn<bool>("welcome");
        QTest::newRow("during the first start's welcome") << true;
        QTest::newRow("with the main window (an endpoint set)") << false;
    }

    void sigtermEndsTheApp()
    {
        QFETCH(bool, welcome);
        QVERIFY2(QFile::exists(appBinary()), qPrintable(appBinary()));
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("runtime")));
        QFile::setPermissions(home.filePath(QStringLiteral("runtime")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.filePath(QStringLiteral("runtime")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        for (const char* name : {"ENGRAM_DB", "LLM_BASE_URL", "OPENAI_BASE_URL", "LLM_API_KEY", "OPENAI_API_KEY"})
            env.remove(QString::fromLatin1(name));
        if (!welcome) // nothing listens there: the window shows, the model is unreachable
            env.insert(QStringLiteral("LLM_BASE_URL"), QStringLiteral("http://127.0.0.1:9/v1"));
        QProcess app;
        app.setProcessEnvironment(env);
        app.setProgram(appBinary());
        app.start();
        QVERIFY(app.waitForStarted(10000));
        // Up and in its event loop: the memory file exists once the app has opened it.
        const QString memory = home.filePath(QStringLiteral("data/engram/engram.sqlite"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(memory), 15000);
        QTest::qWait(500);
        QCOMPARE(app.state(), QProcess::Running);
        app.terminate(); // SIGTERM
        QVERIFY2(app.waitForFinished(15000), "the app did not quit on SIGTERM");
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        // A welcome a signal ended was not finished or skipped: it comes back at the next start.
        if (welcome) {
            const QString settings = home.filePath(QStringLiteral("config/engram/engram.conf"));
            QFile file(settings);
            QVERIFY(!file.open(QIODevice::ReadOnly) || !file.readAll().contains("setupDone=true"));
        }
    }
};

QTEST_GUILESS_MAIN(TestAppSignals)
#include "tst_appsignals.moc"
