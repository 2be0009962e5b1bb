#include "llm/LlmSettings.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

QProcessEnvironment env(std::initializer_list<std::pair<const char*, const char*>> values)
{
    QProcessEnvironment e;
    for (const auto& [name, value] : values)
        e.insert(QString::fromLatin1(name), QString::fromUtf8(value));
    return e;
}

} // namespace

class TestLlmSettings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsToLocalOllama()
    {
        const LlmSettings s = LlmSettings::fromEnvironment(QProcessEnvironment());
        QCOMPARE(s.baseUrl, QStringLiteral("http://127.0.0.1:11434/v1"));
        QVERIFY(s.apiKey.isEmpty());
        QVERIFY(!s.chatModel.isEmpty());
        QVERIFY(!s.embeddingsEnabled());
        QVERIFY(s.validate().ok());
        QCOMPARE(s.endpoint(QStringLiteral("chat/completions")).toString(),
                 QStringLiteral("http://127.0.0.1:11434/v1/chat/completions"));
    }

    void environmentFillsFirstStart_data()
    {
        QTest::addColumn<QProcessEnvironment>("environment");
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<QString>("apiKey");
        QTest::addColumn<QString>("model");
        const QString ollama = QStringLiteral("http://127.0.0.1:11434/v1");
        const QString chat = LlmSettings::defaultChatModel();
        QTest::newRow("openai vars") << env({{"OPENAI_BASE_URL", "https://api.openai.com/v1/"},
                                             {"OPENAI_API_KEY", "sk-openai"}})
                                     << "https://api.openai.com/v1"
                                     << "sk-openai" << chat;
        QTest::newRow("llm vars win") << env({{"OPENAI_BASE_URL", "https://api.openai.com/v1"},
                                              {"OPENAI_API_KEY", "sk-openai"},
                                              {"LLM_BASE_URL", "https://api.deepseek.com/v1"},
                                              {"LLM_API_KEY", "sk-deepseek"},
                                              {"LLM_MODEL", "deepseek-chat"}})
                                      << "https://api.deepseek.com/v1"
                                      << "sk-deepseek"
                                      << "deepseek-chat";
        QTest::newRow("empty values are unset")
            << env({{"LLM_BASE_URL", ""}, {"LLM_API_KEY", "  "}, {"OPENAI_API_KEY", "sk-openai"}, {"LLM_MODEL", ""}})
            << ollama << "sk-openai" << chat;
    }

    void environmentFillsFirstStart()
    {
        QFETCH(QProcessEnvironment, environment);
        QFETCH(QString, baseUrl);
        QFETCH(QString, apiKey);
        QFETCH(QString, model);
        const LlmSettings s = LlmSettings::fromEnvironment(environment);
        QCOMPARE(s.baseUrl, baseUrl);
        QCOMPARE(s.apiKey, apiKey);
        QCOMPARE(s.chatModel, model);
        QVERIFY(s.embeddingModel.isEmpty());
    }

    void embeddingModelComesFromTheEnvironment()
    {
        const LlmSettings s =
            LlmSettings::fromEnvironment(env({{"LLM_EMBEDDING_MODEL", "nomic-embed-text"}, {"LLM_MODEL", "qwen"}}));
        QCOMPARE(s.embeddingModel, QStringLiteral("nomic-embed-text"));
        QVERIFY(s.embeddingsEnabled());
        QVERIFY(LlmSettings::fromEnvironment(env({{"LLM_EMBEDDING_MODEL", " "}})).embeddingModel.isEmpty());
    }

    void savesEverythingButTheKey()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engram.ini"));
        LlmSettings s;
        s.baseUrl = QStringLiteral("https://dashscope.aliyuncs.com/compatible-mode/v1");
        s.apiKey = QStringLiteral("sk-very-secret-key");
        s.chatModel = QStringLiteral("qwen-plus");
        s.extractionModel = QStringLiteral("qwen-turbo");
        s.embeddingModel = QStringLiteral("text-embedding-v3");
        s.idleTimeoutMs = 45000; // the file holds whole seconds
        s.maxRetries = 5;
        {
            QSettings settings(path, QSettings::IniFormat);
            s.save(settings);
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        QVERIFY(written.contains("qwen-plus"));
        QVERIFY(!written.contains("sk-very-secret-key"));

        QSettings settings(path, QSettings::IniFormat);
        const LlmSettings loaded = LlmSettings::load(settings, QProcessEnvironment());
        QVERIFY(loaded.apiKey.isEmpty());
        LlmSettings expected = s;
        expected.apiKey.clear();
        QVERIFY(loaded == expected);
    }

    void savedValuesBeatTheEnvironmentUntilApplied()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("engram.ini")), QSettings::IniFormat);
        LlmSettings saved;
        saved.baseUrl = QStringLiteral("https://api.moonshot.cn/v1");
        saved.chatModel = QStringLiteral("moonshot-v1-8k");
        saved.save(settings);

        const auto environment = env(
            {{"LLM_BASE_URL", "http://127.0.0.1:8089/v1"}, {"LLM_MODEL", "fake-chat"}, {"LLM_API_KEY", "sk-from-env"}});
        LlmSettings s = LlmSettings::load(settings, environment);
        QCOMPARE(s.baseUrl, QStringLiteral("https://api.moonshot.cn/v1")); // the GUI keeps what the user chose
        QCOMPARE(s.chatModel, QStringLiteral("moonshot-v1-8k"));
        QCOMPARE(s.apiKey, QStringLiteral("sk-from-env")); // never saved, so the environment's
        s.applyEnvironment(environment);                   // what `engram-cli chat` does
        QCOMPARE(s.baseUrl, QStringLiteral("http://127.0.0.1:8089/v1"));
        QCOMPARE(s.chatModel, QStringLiteral("fake-chat"));
    }

    void unsavedFieldsComeFromDefaults()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("engram.ini")), QSettings::IniFormat);
        settings.setValue(QString::fromLatin1(LlmSettingsKey::replyTimeoutSeconds), QStringLiteral("not a number"));
        settings.setValue(QString::fromLatin1(LlmSettingsKey::chatModel), QStringLiteral("llama3.2"));
        const LlmSettings s = LlmSettings::load(settings, QProcessEnvironment());
        QCOMPARE(s.chatModel, QStringLiteral("llama3.2"));
        QCOMPARE(s.idleTimeoutMs, LlmSettings().idleTimeoutMs);
        QCOMPARE(s.baseUrl, LlmSettings::defaultBaseUrl());
    }

    void timeoutsAreStoredInSeconds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engram.ini"));
        {
            QSettings settings(path, QSettings::IniFormat);
            settings.setValue(QStringLiteral("model/connectTimeoutSeconds"), 7);
            settings.setValue(QStringLiteral("model/replyTimeoutSeconds"), 90);
        }
        QSettings settings(path, QSettings::IniFormat);
        const LlmSettings s = LlmSettings::load(settings, QProcessEnvironment());
        QCOMPARE(s.connectTimeoutMs, 7000);
        QCOMPARE(s.idleTimeoutMs, 90000);
    }

    void extractionModelFallsBackToChatModel()
    {
        LlmSettings s;
        s.chatModel = QStringLiteral("big");
        QCOMPARE(s.modelFor(ModelUse::Extraction), QStringLiteral("big"));
        s.extractionModel = QStringLiteral("small");
        QCOMPARE(s.modelFor(ModelUse::Extraction), QStringLiteral("small"));
        QCOMPARE(s.modelFor(ModelUse::Chat), QStringLiteral("big"));
    }

    void validatesWhatUsersType_data()
    {
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<bool>("valid");
        QTest::newRow("ollama") << "http://127.0.0.1:11434/v1" << true;
        QTest::newRow("trailing slash") << "https://api.openai.com/v1/" << true;
        QTest::newRow("no scheme") << "localhost:11434/v1" << false;
        QTest::newRow("ftp") << "ftp://example.com/v1" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("spaces") << "http://exa mple.com" << false;
    }

    void validatesWhatUsersType()
    {
        QFETCH(QString, baseUrl);
        QFETCH(bool, valid);
        LlmSettings s;
        s.baseUrl = baseUrl;
        const Status st = s.validate();
        QCOMPARE(st.ok(), valid);
        if (!valid)
            QVERIFY(!st.errorMessage().isEmpty());
    }

    void serverLabelHidesCredentialsAndPath()
    {
        LlmSettings s;
        s.baseUrl = QStringLiteral("https://user:pa55@llm.example.com:8443/v1?key=abc");
        QCOMPARE(s.serverLabel(), QStringLiteral("llm.example.com:8443"));
        QCOMPARE(s.endpoint(QStringLiteral("models")).path(), QStringLiteral("/v1/models"));
        QCOMPARE(s.endpoint(QStringLiteral("models")).query(), QStringLiteral("key=abc"));
    }

    void rejectsNonsenseNumbers()
    {
        LlmSettings s;
        s.idleTimeoutMs = 0;
        QVERIFY(!s.validate().ok());
        s = LlmSettings();
        s.maxRetries = -1;
        QVERIFY(!s.validate().ok());
        s = LlmSettings();
        s.chatModel = QStringLiteral("  ");
        QVERIFY(!s.validate().ok());
    }
};

QTEST_GUILESS_MAIN(TestLlmSettings)
#include "tst_llmsettings.moc"
