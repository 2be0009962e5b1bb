// Settings → Connected Tools and Help → Connect Other AI Tools, driven as a user drives them,
// against real `engram-cli mcp` processes on the same memory file: what the page sets is what
// the tool may do at its next call (issue 16).
#include "Accessibility.h"
#include "AppSettings.h"
#include "CliRunner.h"
#include "ConnectToolDialog.h"
#include "ConnectedToolsPage.h"
#include "MainWindow.h"
#include "MemoryFixture.h"
#include "ScriptedChatEngine.h"
#include "SecretStore.h"
#include "SettingsDialog.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("default");
const QString kTool = QStringLiteral("Cursor");

QByteArray line(const Json& message)
{
    return QByteArray::fromStdString(message.dump()) + '\n';
}

// One MCP session of `kTool`: initialize, then each call; returns the answers by id.
QList<Json> mcpSession(const QString& database, const QList<Json>& calls)
{
    QByteArray input = line({{"jsonrpc", "2.0"},
                             {"id", 0},
                             {"method", "initialize"},
                             {"params",
                              {{"protocolVersion", "2025-06-18"},
                               {"capabilities", Json::object()},
                               {"clientInfo", {{"name", kTool.toStdString()}, {"version", "1.0"}}}}}});
    int id = 0;
    for (const Json& call : calls) {
        Json message = call;
        message["jsonrpc"] = "2.0";
        message["id"] = ++id;
        input += line(message);
    }
    const test::CliRun run = test::CliRunner(database).runAs(kUser, {QStringLiteral("mcp")}, input);
    if (run.exitCode != 0)
        qWarning("engram-cli mcp exited %d: %s", run.exitCode, run.err.constData());
    return run.jsonLines();
}

Json toolCall(const char* tool, const Json& arguments)
{
    return {{"method", "tools/call"}, {"params", {{"name", tool}, {"arguments", arguments}}}};
}

Json rememberCity(const char* city)
{
    return toolCall("remember_fact", {{"predicate", "city"}, {"object", city}});
}

// The result of the call answered with `id` (1 = the first call after initialize).
Json result(const QList<Json>& answers, int id)
{
    for (const Json& a : answers) {
        if (a.value("id", -1) == id && a.contains("result"))
            return a["result"];
    }
    return Json();
}

QStringList toolNames(const Json& listResult)
{
    QStringList names;
    for (const Json& t : listResult.value("tools", Json::array()))
        names.append(QString::fromStdString(t.value("name", std::string())));
    return names;
}

} // namespace

class TestConnectedTools final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::MemoryFixture> m_memory;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MemorySecretStore> m_secrets;
    std::unique_ptr<test::ScriptedChatEngine> m_engine;
    std::unique_ptr<MainWindow> m_window;

    MemoryService& memory() { return m_memory->service(); }

    ConnectedToolsPage* openPage()
    {
        SettingsDialog* dialog = m_window->openSettings();
        auto* page = dialog->findChild<ConnectedToolsPage*>(QStringLiteral("connectedToolsPage"));
        if (page) {
            auto* tabs = dialog->findChild<QTabWidget*>(QStringLiteral("settingsTabWidget"));
            tabs->setCurrentWidget(page);
        }
        return page;
    }
    static QComboBox* accessBox(ConnectedToolsPage* page, const QString& tool)
    {
        auto* table = page->findChild<QTableWidget*>(QStringLiteral("connectedToolsTable"));
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 0)->text() == tool)
                return qobject_cast<QComboBox*>(table->cellWidget(row, 3));
        }
        return nullptr;
    }
    // Picks `access` for the tool on the page and saves Settings, as a user does.
    void setAccess(ToolAccess access)
    {
        ConnectedToolsPage* page = openPage();
        QVERIFY(page);
        QComboBox* box = accessBox(page, kTool);
        QVERIFY(box);
        box->setCurrentIndex(box->findText(ConnectedToolsPage::accessText(access)));
        auto* buttons =
            m_window->findChild<SettingsDialog*>()->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
        QVERIFY(buttons);
        QTest::mouseClick(buttons->button(QDialogButtonBox::Save) ? buttons->button(QDialogButtonBox::Save)
                                                                  : buttons->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QTRY_VERIFY(!m_window->findChild<SettingsDialog*>());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary()));
        qputenv("ENGRAM_CLI", test::CliRunner::binary().toUtf8()); // the build's, not an installed one
    }

    void init()
    {
        m_memory = std::make_unique<test::MemoryFixture>();
        QVERIFY(memory().ensureUser(kUser));
        m_dir = std::make_unique<QTemporaryDir>();
        m_settings = std::make_unique<AppSettings>(m_dir->filePath(QStringLiteral("engram.ini")));
        m_secrets = std::make_unique<MemorySecretStore>();
        m_engine = std::make_unique<test::ScriptedChatEngine>(&memory());
        m_window = std::make_unique<MainWindow>(memory(), *m_settings, *m_secrets, *m_engine);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window.reset();
        m_engine.reset();
        m_secrets.reset();
        m_settings.reset();
        m_memory.reset();
    }

    // A new tool reads, and what it writes waits for the user; the page then lets it write, only
    // read, or nothing — and each choice holds at the tool's next call.
    void thePageChangesWhatTheToolMayDo()
    {
        const QString db = m_memory->path();
        {
            const QList<Json> first = mcpSession(db, {rememberCity("杭州"), {{"method", "tools/list"}}});
            QCOMPARE(QString::fromStdString(result(first, 1)["structuredContent"].value("outcome", std::string())),
                     QStringLiteral("pending"));
            QVERIFY(!toolNames(result(first, 2)).contains(QStringLiteral("forget")));
        }
        ConnectedToolsPage* page = openPage();
        QVERIFY(page);
        QComboBox* box = accessBox(page, kTool);
        QVERIFY2(box, "the tool that wrote is listed");
        QCOMPARE(box->currentText(), ConnectedToolsPage::accessText(ToolAccess::Ask));
        QCOMPARE(test::unnamedControls(page), QStringList());
        m_window->findChild<SettingsDialog*>()->reject();
        QTRY_VERIFY(!m_window->findChild<SettingsDialog*>());

        setAccess(ToolAccess::ReadOnly);
        QCOMPARE(memory().toolClient(kUser, kTool)->access, ToolAccess::ReadOnly);
        {
            const QList<Json> answers = mcpSession(db, {rememberCity("Lyon"), {{"method", "tools/list"}}});
            QCOMPARE(result(answers, 1).value("isError", false), true);
            QVERIFY(QString::fromStdString(result(answers, 1)["content"][0].value("text", std::string()))
                        .contains(QStringLiteral("only read")));
            QVERIFY(!toolNames(result(answers, 2)).contains(QStringLiteral("remember_fact")));
            QVERIFY(toolNames(result(answers, 2)).contains(QStringLiteral("search_memory")));
        }

        setAccess(ToolAccess::ReadWrite);
        {
            const QList<Json> answers = mcpSession(db, {rememberCity("Lyon"), {{"method", "tools/list"}}});
            QCOMPARE(QString::fromStdString(result(answers, 1)["structuredContent"].value("outcome", std::string())),
                     QStringLiteral("created"));
            QVERIFY(toolNames(result(answers, 2)).contains(QStringLiteral("forget")));
        }

        setAccess(ToolAccess::Off);
        {
            const QList<Json> answers = mcpSession(db, {toolCall("search_memory", {{"query", "Lyon"}})});
            QCOMPARE(result(answers, 1).value("isError", false), true);
        }
        // The page shows when the tool last read and wrote.
        page = openPage();
        auto* table = page->findChild<QTableWidget*>(QStringLiteral("connectedToolsTable"));
        QVERIFY(table->item(0, 2)->text() != QStringLiteral("Never"));
    }

    // Help → Connect Other AI Tools: the configuration names this memory file and a real
    // engram-cli, and it works as written — started as Claude Desktop would start it, it answers.
    void theHelpSnippetWorksAsWritten()
    {
        m_window->findChild<QAction*>(QStringLiteral("connectToolAction"))->trigger();
        auto* dialog = m_window->findChild<ConnectToolDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(test::unnamedControls(dialog), QStringList());
        const Json config = Json::parse(dialog->shownText().toStdString(), nullptr, false);
        QVERIFY2(config.contains("mcpServers"), qPrintable(dialog->shownText()));
        const Json server = config["mcpServers"]["engram"];
        const QString program = QString::fromStdString(server.value("command", std::string()));
        QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
        QCOMPARE(QString::fromStdString(server["env"].value("ENGRAM_DB", std::string())), m_memory->path());

        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("copyButton")), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), dialog->shownText());

        // Claude Desktop passes only a few variables: the snippet's env must be enough.
        QProcess process;
        QProcessEnvironment env;
        env.insert(QStringLiteral("HOME"), m_dir->path());
        env.insert(QStringLiteral("ENGRAM_DB"),
                   QString::fromStdString(server["env"].value("ENGRAM_DB", std::string())));
        process.setProcessEnvironment(env);
        QStringList args;
        for (const Json& a : server["args"])
            args.append(QString::fromStdString(a.get<std::string>()));
        process.start(program, args);
        QVERIFY(process.waitForStarted());
        process.write(line({{"jsonrpc", "2.0"},
                            {"id", 1},
                            {"method", "initialize"},
                            {"params",
                             {{"protocolVersion", "2025-11-25"},
                              {"capabilities", Json::object()},
                              {"clientInfo", {{"name", "claude-ai"}, {"version", "0.1"}}}}}}));
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY2(process.readAllStandardOutput().contains("\"protocolVersion\":\"2025-11-25\""),
                 process.readAllStandardError().constData());

        // VS Code's form: "servers" with a type.
        auto* clients = dialog->findChild<QComboBox*>(QStringLiteral("clientComboBox"));
        clients->setCurrentIndex(clients->findText(QStringLiteral("VS Code")));
        const Json vscode = Json::parse(dialog->shownText().toStdString(), nullptr, false);
        QCOMPARE(vscode["servers"]["engram"].value("type", std::string()), std::string("stdio"));
        clients->setCurrentIndex(clients->findText(QStringLiteral("Claude Code")));
        QVERIFY(dialog->shownText().startsWith(QStringLiteral("claude mcp add engram --env ENGRAM_DB=")));
    }

    void screenshot()
    {
        const QString dir = qEnvironmentVariable("ENGRAM_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("Set ENGRAM_SCREENSHOT_DIR to save screenshots.");
        mcpSession(m_memory->path(), {rememberCity("杭州")});
        QVERIFY(memory().setToolAccess(kUser, QStringLiteral("Claude Desktop"), ToolAccess::ReadWrite));
        ConnectedToolsPage* page = openPage();
        QVERIFY(page);
        auto* dialog = m_window->findChild<SettingsDialog*>();
        QApplication::processEvents();
        QVERIFY(dialog->grab().save(dir + QStringLiteral("/settings-connected-tools.png")));
        dialog->reject();
        m_window->findChild<QAction*>(QStringLiteral("connectToolAction"))->trigger();
        auto* connect = m_window->findChild<ConnectToolDialog*>();
        QTRY_VERIFY(connect && connect->isVisible());
        QVERIFY(connect->grab().save(dir + QStringLiteral("/connect-tool.png")));
    }
};

QTEST_MAIN(TestConnectedTools)
#include "tst_connectedtools.moc"
