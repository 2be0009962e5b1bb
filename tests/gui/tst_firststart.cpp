// The first start: the welcome (SetupDialog) over a real local HTTP server posing as Ollama, then
// the real MainWindow wired as main.cpp wires it, answering the first message with the model the
// user picked.
#include "AppSettings.h"
#include "AppStartup.h"
#include "Accessibility.h"
#include "ChatView.h"
#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MainWindow.h"
#include "MemoryFixture.h"
#include "MessageWidget.h"
#include "PipelineChatEngine.h"
#include "SecretStore.h"
#include "SetupDialog.h"
#include "llm/LlmClient.h"
#include "llm/LlmSettings.h"
#include "memory/JobRunner.h"
#include "memory/TurnPipeline.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::FakeLlmServer;

namespace {

constexpr int kWaitMs = 15000;

// An address where nothing listens: a port the system gave out and took back.
QString deadAddress()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost))
        return {};
    const quint16 port = probe.serverPort();
    probe.close();
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
}

template <typename T>
T* child(const QWidget& parent, const char* name)
{
    return parent.findChild<T*>(QLatin1String(name));
}

QPushButton* button(const SetupDialog& dialog, QDialogButtonBox::ButtonRole role)
{
    for (QAbstractButton* b : child<QDialogButtonBox>(dialog, "buttonBox")->buttons()) {
        if (child<QDialogButtonBox>(dialog, "buttonBox")->buttonRole(b) == role)
            return qobject_cast<QPushButton*>(b);
    }
    return nullptr;
}

QStringList itemsOf(const QComboBox* box)
{
    QStringList items;
    for (int i = 0; i < box->count(); ++i)
        items.append(box->itemData(i).toString());
    return items;
}

} // namespace

class TestFirstStart final : public QObject
{
    Q_OBJECT

private:
    struct Profile
    {
        QTemporaryDir dir;
        test::MemoryFixture memory;
        AppSettings settings{dir.filePath(QStringLiteral("engram.ini"))};
        MemorySecretStore secrets;
    };

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("LLM_BASE_URL");
        qunsetenv("OPENAI_BASE_URL");
        AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void theWelcomeFindsOllamaAndItsModelAnswersTheFirstMessage()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        server.setPoseAsOllama(true);
        server.setModels({QStringLiteral("qwen2.5:7b"), QStringLiteral("llama3.2:3b"), QStringLiteral("nomic-embed-text")});
        Profile profile;
        QVERIFY(profile.settings.setupNeeded()); // a first start shows the welcome

        SetupDialog setup(profile.settings, profile.secrets, profile.memory.path());
        setup.setOllamaAddress(server.baseUrl());
        setup.show();
        QVERIFY(QTest::qWaitForWindowExposed(&setup));
        QVERIFY(child<QLabel>(setup, "introLabel")->text().contains(QDir::toNativeSeparators(profile.memory.path())));

        // It asked Ollama's own API and lists the chat models, with the embedding model apart.
        auto* chat = child<QComboBox>(setup, "ollamaChatComboBox");
        auto* embedding = child<QComboBox>(setup, "ollamaEmbeddingComboBox");
        QTRY_COMPARE_WITH_TIMEOUT(chat->count(), 2, kWaitMs);
        QCOMPARE(setup.page(), SetupDialog::Page::Ollama);
        QCOMPARE(itemsOf(chat), QStringList({QStringLiteral("llama3.2:3b"), QStringLiteral("qwen2.5:7b")}));
        QCOMPARE(chat->currentData().toString(), QStringLiteral("qwen2.5:7b")); // the preset's model, when present
        QCOMPARE(itemsOf(embedding), QStringList({QString(), QStringLiteral("nomic-embed-text")}));
        QCOMPARE(embedding->currentData().toString(), QStringLiteral("nomic-embed-text"));
        QVERIFY(child<QLabel>(setup, "probeLabel")->text().contains(QStringLiteral("3 models")));
        bool askedTags = false;
        for (const auto& request : server.requests())
            askedTags = askedTags || (request.method == "GET" && request.path == QLatin1String("/api/tags"));
        QVERIFY(askedTags);
        QVERIFY2(test::unnamedControls(&setup).isEmpty(), qPrintable(test::unnamedControls(&setup).join(u',')));

        chat->setCurrentIndex(chat->findData(QStringLiteral("llama3.2:3b")));
        QPushButton* start = button(setup, QDialogButtonBox::AcceptRole);
        QVERIFY(start && start->isEnabled());
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_COMPARE(setup.result(), int(QDialog::Accepted));
        QVERIFY(!profile.settings.setupNeeded()); // never again
        QCOMPARE(profile.settings.providerId(), QStringLiteral("ollama"));
        QCOMPARE(profile.settings.baseUrl(), server.baseUrl());
        QCOMPARE(profile.settings.chatModel(), QStringLiteral("llama3.2:3b"));
        QCOMPARE(profile.settings.embeddingModel(), QStringLiteral("nomic-embed-text"));

        // The app as main.cpp wires it after the welcome: the first message is answered by the
        // model picked, and the memory panel is in view.
        LlmClient client(profile.settings.llmSettings());
        JobRunner jobs(profile.memory.service(), client);
        TurnPipeline pipeline(profile.memory.service(), client, &jobs);
        PipelineChatEngine engine(profile.memory.service(), pipeline, client, &jobs);
        (void)profile.memory->ensureUser(QStringLiteral("default"));
        MainWindow window(profile.memory.service(), profile.settings, profile.secrets, engine);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.memoryDock()->isVisible());
        server.clearRequests();

        auto* input = window.findChild<QPlainTextEdit*>(QStringLiteral("chatInput"));
        input->setFocus();
        QTest::keyClicks(input, QStringLiteral("Hello, I just installed you"));
        QTest::keyClick(input, Qt::Key_Return);
        auto* view = window.findChild<ChatView*>(QStringLiteral("chatView"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lastMessage() && view->lastMessage()->role() == Role::Assistant &&
                                     view->lastMessage()->state() == MessageWidget::State::Complete,
                                 kWaitMs);
        QVERIFY(view->lastMessage()->renderedText().contains(QStringLiteral("Hello, I just installed you")));
        bool answeredByPick = false;
        for (const auto& request : server.requests())
            answeredByPick = answeredByPick || (request.isChat() && request.model() == QStringLiteral("llama3.2:3b"));
        QVERIFY(answeredByPick);
    }

    void withoutOllamaItOffersProvidersWithAKeyAndATest()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        server.setRequiredApiKey(QStringLiteral("sk-from-the-welcome"));
        Profile profile;
        SetupDialog setup(profile.settings, profile.secrets, profile.memory.path());
        const QString dead = deadAddress();
        QVERIFY(!dead.isEmpty());
        setup.setOllamaAddress(dead);
        setup.show();
        QTRY_COMPARE_WITH_TIMEOUT(setup.page(), SetupDialog::Page::Provider, kWaitMs);
        QVERIFY(child<QLabel>(setup, "probeLabel")->text().contains(QUrl(dead).authority()));
        QVERIFY2(test::unnamedControls(&setup).isEmpty(), qPrintable(test::unnamedControls(&setup).join(u',')));

        // A preset fills the address and says where its key comes from.
        auto* provider = child<QComboBox>(setup, "providerComboBox");
        QCOMPARE(provider->currentData().toString(), QStringLiteral("openai"));
        QCOMPARE(child<QLineEdit>(setup, "baseUrlLineEdit")->text(), QStringLiteral("https://api.openai.com/v1"));
        QVERIFY(child<QLabel>(setup, "helpLabel")->text().contains(QStringLiteral("platform.openai.com")));
        QPushButton* start = button(setup, QDialogButtonBox::AcceptRole);
        QVERIFY(!start->isEnabled()); // OpenAI needs a key

        // Any other server: its address, key and model, tested before it is saved.
        provider->setCurrentIndex(provider->findData(QStringLiteral("custom")));
        Q_EMIT provider->activated(provider->currentIndex());
        auto* address = child<QLineEdit>(setup, "baseUrlLineEdit");
        address->setText(server.baseUrl());
        child<QLineEdit>(setup, "chatModelLineEdit")->setText(QStringLiteral("fake-chat"));
        auto* key = child<QLineEdit>(setup, "apiKeyLineEdit");
        key->setText(QStringLiteral("sk-wrong"));
        QTest::mouseClick(child<QPushButton>(setup, "testConnectionButton"), Qt::LeftButton);
        auto* result = child<QLabel>(setup, "testResultLabel");
        QTRY_VERIFY_WITH_TIMEOUT(result->text().startsWith(QStringLiteral("Failed")), kWaitMs);
        key->setText(QStringLiteral("sk-from-the-welcome"));
        QTest::mouseClick(child<QPushButton>(setup, "testConnectionButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(result->text(), QStringLiteral("Connected: 2 models available."), kWaitMs);

        QVERIFY(start->isEnabled());
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_COMPARE(setup.result(), int(QDialog::Accepted));
        QCOMPARE(profile.settings.providerId(), QStringLiteral("custom"));
        QCOMPARE(profile.settings.baseUrl(), server.baseUrl());
        QCOMPARE(profile.settings.chatModel(), QStringLiteral("fake-chat"));
        // The key went to the secret store, never into the settings file.
        QString stored;
        profile.secrets.read(AppSettings::apiKeySecretName(), this,
                             [&stored](const Result<QString>& k) { stored = k ? *k : QString(); });
        QTRY_COMPARE(stored, QStringLiteral("sk-from-the-welcome"));
        profile.settings.sync();
        QFile file(profile.settings.fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("sk-from-the-welcome"));
    }

    void anOpenAiCompatibleServerAtOllamasAddressIsListedToo()
    {
        FakeLlmServer server; // not posing as Ollama: /api/tags is unknown there, /v1/models answers
        QVERIFY(server.isListening());
        Profile profile;
        SetupDialog setup(profile.settings, profile.secrets, profile.memory.path());
        setup.setOllamaAddress(server.baseUrl());
        setup.show();
        auto* chat = child<QComboBox>(setup, "ollamaChatComboBox");
        QTRY_COMPARE_WITH_TIMEOUT(chat->count(), 1, kWaitMs);
        QCOMPARE(chat->currentData().toString(), QStringLiteral("fake-chat"));
        QCOMPARE(child<QComboBox>(setup, "ollamaEmbeddingComboBox")->currentData().toString(),
                 QStringLiteral("fake-embed"));
    }

    void skippingEndsTheWelcomeForGoodAndSavesNoEndpoint()
    {
        Profile profile;
        SetupDialog setup(profile.settings, profile.secrets, profile.memory.path());
        setup.setOllamaAddress(deadAddress());
        setup.show();
        QTest::mouseClick(button(setup, QDialogButtonBox::RejectRole), Qt::LeftButton);
        QCOMPARE(setup.result(), int(QDialog::Rejected));
        QVERIFY(!profile.settings.setupNeeded());
        QSettings raw(profile.settings.fileName(), QSettings::IniFormat);
        QVERIFY(!raw.contains(QString::fromLatin1(LlmSettingsKey::baseUrl)));
    }

    void anEndpointSavedBeforeNeedsNoWelcome()
    {
        Profile profile;
        profile.settings.setBaseUrl(QStringLiteral("https://api.deepseek.com/v1"));
        QVERIFY(!profile.settings.setupNeeded());
        Profile fromEnvironment;
        qputenv("LLM_BASE_URL", "http://127.0.0.1:8080/v1");
        const auto restore = qScopeGuard([] { qunsetenv("LLM_BASE_URL"); });
        QVERIFY(!fromEnvironment.settings.setupNeeded());
    }

    void choosingALanguageTranslatesTheWelcomeAtOnce()
    {
        const auto restore = qScopeGuard(
            [] { AppStartup::installTranslators(*QCoreApplication::instance(), QStringLiteral("en")); });
        Profile profile;
        SetupDialog setup(profile.settings, profile.secrets, profile.memory.path());
        setup.setOllamaAddress(deadAddress());
        setup.show();
        QTRY_COMPARE_WITH_TIMEOUT(setup.page(), SetupDialog::Page::Provider, kWaitMs);
        QCOMPARE(setup.windowTitle(), QStringLiteral("Welcome to Engram"));
        auto* language = child<QComboBox>(setup, "languageComboBox");
        language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
        Q_EMIT language->activated(language->currentIndex());
        QTRY_COMPARE(setup.windowTitle(), QStringLiteral("欢迎使用 Engram"));
        QCOMPARE(button(setup, QDialogButtonBox::AcceptRole)->text(), QStringLiteral("开始聊天"));
        QVERIFY(child<QLabel>(setup, "probeLabel")->text().contains(QStringLiteral("Ollama")));
        QVERIFY(!child<QLabel>(setup, "probeLabel")->text().contains(QStringLiteral("No Ollama")));
        QCOMPARE(profile.settings.language(), QStringLiteral("zh_CN"));
    }
};

QTEST_MAIN(TestFirstStart)
#include "tst_firststart.moc"
