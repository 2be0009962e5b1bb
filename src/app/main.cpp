// The desktop app: only wiring. Everything it shows and does lives in engram_gui and engram_core.
#include "AppSettings.h"
#include "AppStartup.h"
#include "EndpointProbe.h"
#include "KeychainSecretStore.h"
#include "MainWindow.h"
#include "MemoryTransfer.h"
#include "PipelineChatEngine.h"
#include "QuitOnSignal.h"
#include "SetupDialog.h"
#include "core/FileSafety.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"
#include "memory/TurnPipeline.h"
#include "storage/Backups.h"

#include <QApplication>
#include <QIcon>
#include <QProcessEnvironment>

namespace {

// The client's settings: what Settings saved, the key from the secret store, and on a first
// start the environment's key (LLM_API_KEY / OPENAI_API_KEY) when the store has none.
engram::LlmSettings llmSettings(const engram::AppSettings& app, const QString& storedKey)
{
    engram::LlmSettings s = app.llmSettings();
    if (!storedKey.isEmpty())
        s.apiKey = storedKey;
    return s;
}

// Reads the key (asynchronously: the keychain may ask) and gives the client its new settings.
void reloadClient(engram::AppSettings& app, engram::SecretStore& secrets, engram::LlmClient& client,
                  engram::PipelineChatEngine& engine)
{
    secrets.read(engram::AppSettings::apiKeySecretName(), &engine,
                 [&app, &client, &engine](const engram::Result<QString>& key) {
                     client.setSettings(llmSettings(app, key ? *key : QString()));
                     engine.settingsChanged();
                 });
}

} // namespace

int main(int argc, char* argv[])
{
    // Every file Engram makes (memory, WAL, settings, exports, backups) is the user's alone.
    engram::files::restrictNewFiles();
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    // The desktop file's name without ".desktop": Wayland compositors and docks match the window
    // to its launcher and icon by it.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.engram.Engram"));
    engram::AppStartup::initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/engram.svg")));
    // Logging out sends SIGTERM: quit through the event loop so the memory file closes cleanly.
    engram::QuitOnSignal quitOnSignal;
    bool quitting = false;
    QObject::connect(&quitOnSignal, &engram::QuitOnSignal::received, &app, [&quitting] {
        quitting = true;
        QCoreApplication::quit();
    });

    engram::AppSettings settings;
    engram::AppStartup::installTranslators(app, settings.language());
    const auto options = engram::AppStartup::parseCommandLine(app, settings);

    engram::KeychainSecretStore secrets(QStringLiteral("engram"));
    engram::AppStartup::providePassword(options.location, secrets);
    engram::Backups::setDefaultKeep(settings.backupsToKeep());
    auto memory = engram::AppStartup::openMemory(options.location, settings.memoryConfig());
    if (!memory)
        return 1;
    if (auto user = memory->ensureUser(QStringLiteral("default")); !user) {
        engram::AppStartup::reportDatabaseError(options.location.describe(), user.errorMessage());
        return 1;
    }

    if (settings.setupNeeded()) {
        engram::SetupDialog setup(settings, secrets, memory->database().path());
        // quit() ends only the application's own loop, which has not started: the signal ends the
        // welcome's loop itself, without marking it done (it comes back at the next start).
        QObject::connect(&quitOnSignal, &engram::QuitOnSignal::received, &setup,
                         [&setup] { setup.done(QDialog::Rejected); });
        setup.exec();
        if (quitting)
            return 0; // the signal ended the welcome's loop; the main loop must not start
    }
    engram::LlmClient client(llmSettings(settings, QString()));
    engram::JobRunner jobs(*memory, client);
    engram::TurnPipeline pipeline(*memory, client, &jobs);
    engram::PipelineChatEngine engine(*memory, pipeline, client, &jobs);
    reloadClient(settings, secrets, client, engine);
    jobs.start();

    engram::MainWindow window(*memory, settings, secrets, engine);
    QObject::connect(&window, &engram::MainWindow::settingsSaved, &engine, [&] {
        engram::Backups::setDefaultKeep(settings.backupsToKeep());
        reloadClient(settings, secrets, client, engine);
    });
    window.setConnectionTester(&engram::EndpointProbe::test);

    engram::MemoryTransfer transfer(*memory, &window);
    QObject::connect(&window, &engram::MainWindow::exportMemoryRequested, &transfer,
                     &engram::MemoryTransfer::exportMemory);
    QObject::connect(&window, &engram::MainWindow::importMemoryRequested, &transfer,
                     &engram::MemoryTransfer::importMemory);
    QObject::connect(&window, &engram::MainWindow::clearMemoryRequested, &transfer,
                     &engram::MemoryTransfer::clearMemory);
    QObject::connect(&transfer, &engram::MemoryTransfer::statusMessage, &window, &engram::MainWindow::showStatus);
    window.setMemoryTransferAvailable(true);
    window.startDailyBackups();
    window.show();
    return app.exec();
}
