// Renders the first start's welcome, the real MainWindow and SettingsDialog with sample
// conversations, played through the scripted ChatEngine, into PNG files: for looking at the
// layout in each language and for docs/.
//   engram-screenshots --lang zh_CN --out docs/screenshots
//   engram-screenshots --lang en --dark --out /tmp/dark   (then main-en.png → main-dark-en.png)
#include "AppSettings.h"
#include "AppStartup.h"
#include "ChatView.h"
#include "ConnectToolDialog.h"
#include "FakeLlmServer.h"
#include "MainWindow.h"
#include "MemoryFilterBar.h"
#include "MemoryPanel.h"
#include "MessageBox.h"
#include "MessageWidget.h"
#include "ScriptedChatEngine.h"
#include "SecretStore.h"
#include "SettingsDialog.h"
#include "SetupDialog.h"
#include "memory/FactLabels.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace engram;
using Turn = test::ScriptedChatEngine::Turn;

namespace {

struct Sample
{
    QString question;
    QString answer;
    QString second;
    QString followUp;
    QString partial;
    QString notice;
    QString fact;
    QString episode;
    QString earlierTitle;
    QString earlierQuestion;
    QString earlierAnswer;
    QStringList otherQuestions; // more past exchanges, for the panel's filters
};

Sample sample(bool chinese)
{
    if (chinese) {
        return {
            QStringLiteral("帮我规划一下这周的短视频选题"),
            QStringLiteral(
                "## 本周选题\n\n结合你之前提到的**剪辑节奏**，建议这样安排：\n\n"
                "| 日期 | 主题 | 时长 |\n|---|---|---|\n| 周二 | 开箱：新镜头 | 60 秒 |\n"
                "| 周四 | 三个转场技巧 | 90 秒 |\n| 周六 | 一周幕后花絮 | 45 秒 |\n\n"
                "剪辑前可以先批量重命名素材：\n\n```bash\nfor f in *.mp4; do mv \"$f\" \"raw_$f\"; done\n```\n\n"
                "- 每条视频开头三秒给出看点\n- 字幕统一使用思源黑体"),
            QStringLiteral("我转做短视频了，以后主要做剪辑教程"),
            QStringLiteral("明白了，以后我会围绕剪辑教程来给建议。"),
            QStringLiteral("好的，先从开头三秒说起：第一个镜头要"),
            FactLabels::statement(QStringLiteral("user"), QStringLiteral("project"), QStringLiteral("短视频剪辑教程")),
            FactLabels::statement(QStringLiteral("user"), QStringLiteral("job"), QStringLiteral("短视频创作者")),
            QStringLiteral("上周讨论过视频节奏和转场"),
            QStringLiteral("相机怎么选"),
            QStringLiteral("预算五千左右，入门拍视频买什么相机？"),
            QStringLiteral("预算五千的话，可以优先考虑带翻转屏和良好自动对焦的机型。"),
            {QStringLiteral("周末去哪里拍外景比较好？"), QStringLiteral("字幕用什么字体读起来最清楚？"),
             QStringLiteral("剪辑软件选哪个入门快？")}};
    }
    return {QStringLiteral("Help me plan this week's short videos"),
            QStringLiteral("## This week\n\nBuilding on the **editing rhythm** you mentioned, here is a plan:\n\n"
                           "| Day | Topic | Length |\n|---|---|---|\n| Tue | Unboxing: the new lens | 60 s |\n"
                           "| Thu | Three transition tricks | 90 s |\n| Sat | Behind the scenes | 45 s |\n\n"
                           "Rename the footage in one go before editing:\n\n```bash\nfor f in *.mp4; do mv \"$f\" "
                           "\"raw_$f\"; done\n```\n\n- Show the hook in the first three seconds\n- Keep one subtitle "
                           "font across videos"),
            QStringLiteral("I've switched to short videos; mostly editing tutorials from now on"),
            QStringLiteral("Got it. I'll keep editing tutorials in mind from now on."),
            QStringLiteral("Sure, let's start with the first three seconds: the opening shot should"),
            FactLabels::statement(QStringLiteral("user"), QStringLiteral("project"),
                                  QStringLiteral("short editing tutorials")),
            FactLabels::statement(QStringLiteral("user"), QStringLiteral("job"), QStringLiteral("short-video creator")),
            QStringLiteral("Last week we talked about pacing and transitions"),
            QStringLiteral("Choosing a camera"),
            QStringLiteral("Which camera should I buy for video on a modest budget?"),
            QStringLiteral("Look for a flip screen and reliable autofocus first; sensor size matters less."),
            {QStringLiteral("Where should I film outdoors this weekend?"),
             QStringLiteral("Which subtitle font reads best on a phone?"),
             QStringLiteral("Which editing app is quickest to learn?")}};
}

// What the panel shows: a few facts (one pinned) and an earlier exchange.
void rememberSampleProfile(MemoryService& memory, const QString& conversationId, bool chinese, const Sample& s)
{
    const QString user = QStringLiteral("default");
    const auto fact = [&](const char* zh, const char* en, const char* zhValue, const char* enValue) {
        return memory.addFact(user, QStringLiteral("user"), QString::fromUtf8(chinese ? zh : en),
                              QString::fromUtf8(chinese ? zhValue : enValue));
    };
    if (auto job = fact("职业", "job", "短视频创作者", "short-video creator"))
        (void)memory.setPinned(user, job->id, true);
    (void)fact("城市", "city", "杭州", "Hangzhou");
    (void)fact("喜欢", "likes", "思源黑体", "clean sans-serif subtitles");
    (void)memory.recordExchange(user, conversationId, s.earlierQuestion, s.earlierAnswer);
    for (const QString& question : s.otherQuestions)
        (void)memory.recordExchange(user, conversationId, question, s.earlierAnswer);
}

void send(MainWindow& window, const QString& text)
{
    auto* input = window.findChild<QPlainTextEdit*>(QStringLiteral("chatInput"));
    input->setPlainText(text);
    QTest::keyClick(input, Qt::Key_Return);
}

void waitIdle(test::ScriptedChatEngine& engine)
{
    if (!QTest::qWaitFor([&] { return !engine.isBusy(); }, 5000))
        qFatal("the scripted turn did not end");
    QTest::qWait(150); // let the 50 ms render timer and layouts settle
}

void save(QWidget* widget, const QString& path)
{
    QTest::qWait(100);
    if (!widget->grab().save(path))
        qFatal("cannot write %s", qPrintable(path));
    qInfo("wrote %s", qPrintable(path));
}

// Two turns with provenance and a notice, the memory server gone, then a streaming turn, a failure and Settings.
void playAndShoot(MainWindow& window, test::ScriptedChatEngine& engine, const Sample& s, const QDir& out,
                  const QString& lang)
{
    window.findChild<QAction*>(QStringLiteral("newConversationAction"))->trigger();
    Turn first;
    first.chunks = s.answer.split(QLatin1Char('\n'));
    for (int i = 0; i < first.chunks.size() - 1; ++i)
        first.chunks[i] += QLatin1Char('\n');
    first.used = {{QStringLiteral("f1"), Tier::Semantic, s.fact, 9},
                  {QStringLiteral("e1"), Tier::Episodic, s.episode, 24},
                  {QStringLiteral("w1"), Tier::Working, s.question, 14}};
    engine.enqueue(first);
    send(window, s.question);
    waitIdle(engine);

    Turn second;
    second.chunks = {s.followUp};
    second.notice = s.notice;
    second.undoToken = QStringLiteral("u1");
    engine.enqueue(second);
    send(window, s.second);
    waitIdle(engine);
    window.findChild<ChatView*>()
        ->messages()
        .at(1)
        ->findChild<QToolButton*>(QStringLiteral("memoriesUsedButton"))
        ->click();
    window.memoryDock()->show(); // "What the assistant remembers", beside the chat
    QTest::qWait(100);
    save(&window, out.filePath(QStringLiteral("main-%1.png").arg(lang)));

    // The panel as a control room: every tab searched and filtered, several items selected.
    MemoryPanel* panel = window.memoryPanel();
    panel->setCurrentTab(MemoryPanel::Tab::Episodes);
    panel->findChild<QToolButton*>(QStringLiteral("filterButton"))->setChecked(true);
    panel->filterBar()->setOrigin(ItemOrigin::Said);
    QTest::qWait(150);
    auto* episodes = panel->findChild<QTableView*>(QStringLiteral("episodesTableView"));
    for (int row : {0, 2})
        episodes->selectionModel()->select(episodes->model()->index(row, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    save(&window, out.filePath(QStringLiteral("panel-filters-%1.png").arg(lang)));
    panel->filterBar()->clear();
    panel->findChild<QToolButton*>(QStringLiteral("filterButton"))->setChecked(false);
    panel->setCurrentTab(MemoryPanel::Tab::Profile);

    // The memory server went away after the last reply: it is kept, and the banner says so.
    // The reason as ServerConnection words it (translated), with libpq's own text (never translated).
    Q_EMIT engine.memorySavingDelayed(
        QCoreApplication::translate("ServerConnection", "The memory server %1 is unreachable: %2")
            .arg(QStringLiteral("postgresql://engram@db.example.org:5432/engram"),
                 QStringLiteral("connection to server at \"db.example.org\" (203.0.113.7), port 5432 failed: "
                                "Connection refused")),
        true);
    save(&window, out.filePath(QStringLiteral("memory-unreachable-%1.png").arg(lang)));
    Q_EMIT engine.memorySavedAgain();

    Turn stalled;
    stalled.chunks = {s.partial};
    stalled.stall = true;
    engine.enqueue(stalled);
    send(window, s.question);
    QTest::qWait(200);
    save(&window, out.filePath(QStringLiteral("streaming-%1.png").arg(lang)));
    engine.stop();
    waitIdle(engine);

    Turn failed;
    failed.chunks = {};
    failed.failure = ChatEngine::ErrorKind::Unreachable;
    failed.failureMessage = QStringLiteral("Connection refused");
    engine.enqueue(failed);
    window.findChild<QAction*>(QStringLiteral("newIncognitoConversationAction"))->trigger();
    send(window, s.earlierQuestion);
    waitIdle(engine);
    window.memoryDock()->show();
    save(&window, out.filePath(QStringLiteral("failure-%1.png").arg(lang)));

    SettingsDialog* dialog = window.openSettings();
    QTest::qWait(200);
    save(dialog, out.filePath(QStringLiteral("settings-%1.png").arg(lang)));
    dialog->findChild<QTabWidget*>()->setCurrentIndex(1);
    save(dialog, out.filePath(QStringLiteral("settings-memory-%1.png").arg(lang)));
    dialog->findChild<QTabWidget*>()->setCurrentWidget(
        dialog->findChild<QWidget*>(QStringLiteral("connectedToolsPage")));
    save(dialog, out.filePath(QStringLiteral("settings-tools-%1.png").arg(lang)));
    // Memory Storage with a server chosen, then with an address that carries a password.
    auto* storage = dialog->findChild<QWidget*>(QStringLiteral("memoryStoragePage"));
    dialog->findChild<QTabWidget*>()->setCurrentWidget(storage);
    storage->findChild<QRadioButton*>(QStringLiteral("serverStorageRadioButton"))->setChecked(true);
    auto* address = storage->findChild<QLineEdit*>(QStringLiteral("serverAddressLineEdit"));
    address->setText(QStringLiteral("postgresql://engram@db.example.org:5432/engram?sslmode=require"));
    storage->findChild<QLineEdit*>(QStringLiteral("serverPasswordLineEdit"))->setText(QStringLiteral("hunter2"));
    save(dialog, out.filePath(QStringLiteral("settings-storage-%1.png").arg(lang)));
    address->setText(QStringLiteral("postgresql://engram:hunter2@db.example.org:5432/engram"));
    save(dialog, out.filePath(QStringLiteral("settings-storage-error-%1.png").arg(lang)));
    // A test that fails: nothing listens on this port.
    address->setText(QStringLiteral("postgresql://engram@127.0.0.1:9/engram"));
    auto* test = storage->findChild<QPushButton*>(QStringLiteral("testServerButton"));
    test->click();
    if (!QTest::qWaitFor([test] { return test->isEnabled(); }, 10000))
        qFatal("the test of the memory server did not end");
    save(dialog, out.filePath(QStringLiteral("settings-storage-test-%1.png").arg(lang)));
    dialog->reject();
    ConnectToolDialog* connect = window.showConnectTool();
    QTest::qWait(100);
    save(connect, out.filePath(QStringLiteral("connect-tool-%1.png").arg(lang)));
    connect->reject();
}

// The welcome of a first start: with Ollama found (a local server posing as it), then with none.
void shootSetup(AppSettings& settings, SecretStore& secrets, const QDir& out, const QString& lang)
{
    test::FakeLlmServer ollama;
    ollama.setPoseAsOllama(true);
    ollama.setModels({QStringLiteral("qwen2.5:7b"), QStringLiteral("llama3.2:3b"), QStringLiteral("deepseek-r1:8b"),
                      QStringLiteral("nomic-embed-text")});
    const QString file = Database::defaultPath();
    {
        SetupDialog setup(settings, secrets, file);
        setup.setOllamaAddress(ollama.baseUrl());
        setup.show();
        auto* models = setup.findChild<QComboBox*>(QStringLiteral("ollamaChatComboBox"));
        if (!QTest::qWaitFor([&] { return models->count() > 0; }, 5000))
            qFatal("the welcome found no models");
        save(&setup, out.filePath(QStringLiteral("setup-%1.png").arg(lang)));
    }
    SetupDialog setup(settings, secrets, file);
    setup.setOllamaAddress(QStringLiteral("http://127.0.0.1:9/v1")); // nothing listens there
    setup.show();
    if (!QTest::qWaitFor([&] { return setup.page() == SetupDialog::Page::Provider; }, 10000))
        qFatal("the welcome did not give up on Ollama");
    save(&setup, out.filePath(QStringLiteral("setup-provider-%1.png").arg(lang)));
}

// A dark palette of the Fusion style, the colours of a dark desktop theme: what the app must read
// well under without colours of its own.
void useDarkPalette(QApplication& app)
{
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7a, 0x7a));
    QApplication::setPalette(p);
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption(
        {QStringLiteral("lang"), QStringLiteral("en or zh_CN"), QStringLiteral("lang"), QStringLiteral("en")});
    parser.addOption(
        {QStringLiteral("out"), QStringLiteral("folder for the PNGs"), QStringLiteral("dir"), QStringLiteral(".")});
    parser.addOption({QStringLiteral("dark"), QStringLiteral("a dark Fusion palette, as a dark desktop gives")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("dark")))
        useDarkPalette(app);
    const QString lang = parser.value(QStringLiteral("lang"));
    const QDir out(parser.value(QStringLiteral("out")));
    QDir().mkpath(out.path());
    AppStartup::installTranslators(app, lang);
    MessageBox::setTestMode(true);
    const Sample s = sample(lang == QLatin1String("zh_CN"));

    QTemporaryDir dir;
    auto opened = MemoryService::open(dir.filePath(QStringLiteral("engram.sqlite")));
    if (!opened)
        qFatal("%s", qPrintable(opened.errorMessage()));
    MemoryService& memory = **opened;
    (void)memory.ensureUser(QStringLiteral("default"));
    auto earlier = memory.createConversation(QStringLiteral("default"), s.earlierTitle);
    (void)memory.appendMessage(QStringLiteral("default"), earlier->id, Role::User, s.earlierQuestion);
    (void)memory.appendMessage(QStringLiteral("default"), earlier->id, Role::Assistant, s.earlierAnswer);
    rememberSampleProfile(memory, earlier->id, lang == QLatin1String("zh_CN"), s);
    // Two AI tools that used the memory: one trusted, one new.
    (void)memory.noteToolUse(QStringLiteral("default"), QStringLiteral("Claude Desktop"), QStringLiteral("0.12.4"),
                             ToolUse::Write);
    (void)memory.setToolAccess(QStringLiteral("default"), QStringLiteral("Claude Desktop"), ToolAccess::ReadWrite);
    (void)memory.noteToolUse(QStringLiteral("default"), QStringLiteral("Cursor"), QStringLiteral("1.7"), ToolUse::Read);

    AppSettings settings(dir.filePath(QStringLiteral("engram.ini")));
    MemorySecretStore secrets;
    shootSetup(settings, secrets, out, lang);
    test::ScriptedChatEngine engine(&memory);
    engine.setModel(QStringLiteral("qwen2.5:7b"));
    MainWindow window(memory, settings, secrets, engine);
    window.resize(1400, 860);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        qFatal("the window was not shown");
    playAndShoot(window, engine, s, out, lang);
    return 0;
}
