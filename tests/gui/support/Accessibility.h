#pragma once

#include <QStringList>

class QWidget;

namespace engram::test {

// The visible controls under `root` that take the focus but give assistive technology no name
// (QAccessible's Name is empty), as "objectName (ClassName)"; each once.
QStringList unnamedControls(const QWidget* root);

} // namespace engram::test
