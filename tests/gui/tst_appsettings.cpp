// AppSettings: first-start defaults from the environment, stored values winning, memory tunables
// reaching MemoryConfig, and provider presets recognised by address.
#include "AppSettings.h"
#include "CliRunner.h"
#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "ProviderPreset.h"
#include "llm/LlmSettings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
namespace FakeMatch = engram::test::FakeMatch;

class TestAppSettings final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString file() const { return m_dir.filePath(QStringLiteral("engram.ini")); }

private Q_SLOTS:
    void init() { QFile::remove(file()); }
    void cleanup()
    {
        qunsetenv("LLM_BASE_URL");
        qunsetenv("OPENAI_BASE_URL");
        qunsetenv("LLM_MODEL");
    }

    void withNothingConfiguredTheDefaultIsALocalOllama()
    {
        AppSettings s(file());
        QCOMPARE(s.baseUrl(), QStringLiteral("http://127.0.0.1:11434/v1"));
        QCOMPARE(s.providerId(), QStringLiteral("ollama"));
        QCOMPARE(s.language(), QStringLiteral("system"));
        QVERIFY(s.memoryEnabled());
    }

    void theEnvironmentGivesFirstStartDefaultsAndStoredValuesWin()
    {
        qputenv("OPENAI_BASE_URL", "https://api.deepseek.com/v1");
        qputenv("LLM_MODEL", "deepseek-reasoner");
        AppSettings s(file());
        QCOMPARE(s.baseUrl(), QStringLiteral("https://api.deepseek.com/v1"));
        QCOMPARE(s.providerId(), QStringLiteral("deepseek"));
        QCOMPARE(s.chatModel(), QStringLiteral("deepseek-reasoner"));
        qputenv("LLM_BASE_URL", "http://10.0.0.2:8000/v1"); // LLM_* before OPENAI_*
        QCOMPARE(s.baseUrl(), QStringLiteral("http://10.0.0.2:8000/v1"));
        QCOMPARE(s.providerId(), QStringLiteral("custom"));

        s.setBaseUrl(QStringLiteral("  https://api.moonshot.cn/v1 "));
        s.setChatModel(QStringLiteral("moonshot-v1-8k"));
        s.sync();
        AppSettings again(file());
        QCOMPARE(again.baseUrl(), QStringLiteral("https://api.moonshot.cn/v1"));
        QCOMPARE(again.chatModel(), QStringLiteral("moonshot-v1-8k"));
    }

    void memoryTunablesReachMemoryConfig()
    {
        AppSettings s(file());
        s.setMemoryEnabled(false);
        s.setWindowRounds(3);
        s.setProfileBudget(200);
        s.setEpisodicBudget(300);
        s.setWindowBudget(400);
        s.setEpisodeCapacity(50);
        s.setMaxAgeDays(90);
        MemoryConfig base;
        base.undoMinutes = 7; // not a setting: kept from the base
        const MemoryConfig c = s.memoryConfig(base);
        QVERIFY(!c.enabled);
        QCOMPARE(c.windowRounds, 3);
        QCOMPARE(c.profileBudget, 200);
        QCOMPARE(c.episodicBudget, 300);
        QCOMPARE(c.windowBudget, 400);
        QCOMPARE(c.episodeCapacity, 50);
        QCOMPARE(c.maxAgeDays, 90);
        QCOMPARE(c.undoMinutes, 7);
    }

    void engramCliUsesTheEndpointSettingsSaved()
    {
        test::FakeLlmServer server;
        QVERIFY(server.isListening());
        QTemporaryDir home;
        const QString config = home.filePath(QStringLiteral("config"));
        {
            // Where QSettings("engram", "engram") lives, as the app's Settings dialog saves it.
            AppSettings s(config + QStringLiteral("/engram/engram.conf"));
            s.setBaseUrl(server.baseUrl());
            s.setChatModel(QStringLiteral("model-from-settings"));
            s.setExtractionModel(QStringLiteral("small-from-settings"));
            s.setConnectTimeoutSeconds(7);
            s.setReplyTimeoutSeconds(95);
            s.sync();
            const QSettings file(s.fileName(), QSettings::IniFormat);
            const LlmSettings loaded = LlmSettings::load(file, QProcessEnvironment());
            QVERIFY(loaded == s.llmSettings());
            QCOMPARE(loaded.chatModel, QStringLiteral("model-from-settings"));
            QCOMPARE(loaded.extractionModel, QStringLiteral("small-from-settings"));
            QCOMPARE(loaded.connectTimeoutMs, 7000);
            QCOMPARE(loaded.idleTimeoutMs, 95000);
        }

        server.enqueue(FakeMatch::streaming(), test::FakeReply::stream(QStringLiteral("hello from the fake")));
        test::CliRunner cli(home.filePath(QStringLiteral("engram.sqlite")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        for (const char* name : {"LLM_BASE_URL", "LLM_MODEL", "OPENAI_BASE_URL"})
            env.remove(QString::fromLatin1(name));
        cli.setEnvironment(env);
        const test::CliRun run = cli.run({QStringLiteral("chat"), QStringLiteral("hi")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.outText(), QStringLiteral("hello from the fake\n"));
        QCOMPARE(server.requestCount(FakeMatch::streaming()), 1);
        for (const test::RecordedRequest& r : server.requests()) {
            if (r.isStream())
                QCOMPARE(QString::fromStdString(r.json.value("model", std::string())),
                         QStringLiteral("model-from-settings"));
        }
    }

    void presetsAreRecognisedByAddress_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("id");
        QTest::newRow("openai") << QStringLiteral("https://api.openai.com/v1") << QStringLiteral("openai");
        QTest::newRow("trailing slash") << QStringLiteral("https://api.deepseek.com/v1/") << QStringLiteral("deepseek");
        QTest::newRow("dashscope") << QStringLiteral("https://dashscope.aliyuncs.com/compatible-mode/v1")
                                   << QStringLiteral("dashscope");
        QTest::newRow("moonshot") << QStringLiteral("https://api.moonshot.cn/v1") << QStringLiteral("moonshot");
        QTest::newRow("ollama") << QStringLiteral("http://127.0.0.1:11434/v1") << QStringLiteral("ollama");
        QTest::newRow("vllm") << QStringLiteral("http://gpu-box:8000/v1") << QStringLiteral("custom");
        QTest::newRow("empty") << QString() << QStringLiteral("custom");
    }

    void presetsAreRecognisedByAddress()
    {
        QFETCH(QString, url);
        QFETCH(QString, id);
        QCOMPARE(ProviderPreset::byBaseUrl(url).id, id);
    }
};

QTEST_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
