#pragma once

#include <QLoggingCategory>

// The logging category of the desktop app's widgets and dialogs.
Q_DECLARE_LOGGING_CATEGORY(lcGui)
