// The desktop app: only wiring. Everything it shows and does lives in engram_gui and engram_core.
#include "AppSettings.h"
#include "AppStartup.h"
#include "KeychainSecretStore.h"
#include "MainWindow.h"
#include "OfflineChatEngine.h"
#include "memory/MemoryService.h"

#include <QApplication>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("engram"));

    engram::AppSettings settings;
    engram::AppStartup::installTranslators(app, settings.language());
    const auto options = engram::AppStartup::parseCommandLine(app);

    auto memory = engram::MemoryService::open(options.databasePath, settings.memoryConfig());
    if (!memory) {
        engram::AppStartup::reportDatabaseError(options.databasePath, memory.errorMessage());
        return 1;
    }
    if (auto user = (*memory)->ensureUser(QStringLiteral("default")); !user) {
        engram::AppStartup::reportDatabaseError(options.databasePath, user.errorMessage());
        return 1;
    }

    engram::KeychainSecretStore secrets(QStringLiteral("engram"));
    // Until the model client and the turn pipeline are wired in, every turn says no model is connected.
    engram::OfflineChatEngine engine;
    engram::MainWindow window(**memory, settings, secrets, engine);
    window.show();
    return app.exec();
}
